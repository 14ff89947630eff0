import {
  resellerEditFormSchema,
  type AccountBody,
  type Reseller,
  type ResellerEditForm,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { PasswordInput } from '@/components/form/password-input';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useUpdateResellerAccount } from '../api/update-reseller-account';
import { resellersTexts } from '../texts';

const text = resellersTexts.edit;

/** Spec §5: the password travels only when the admin typed one. */
function accountBodyOf({ username, email, password }: ResellerEditForm): AccountBody {
  return password === '' ? { username, email } : { username, email, password };
}

/** Change data: username (≥ 3), e-mail and an optional new password (≥ 8) (spec §2, §5). */
export function ResellerEditDialog({ row, onClose }: { row: Reseller; onClose: () => void }) {
  const update = useUpdateResellerAccount();
  const form = useForm<z.input<typeof resellerEditFormSchema>, unknown, ResellerEditForm>({
    resolver: zodResolver(resellerEditFormSchema),
    defaultValues: { username: row.username, email: row.email, password: '' },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { id: row.id, ...accountBodyOf(values) },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description(row.username)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <FormField
            id="reseller-edit-username"
            label={text.username}
            error={errors.username?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('username')}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </FormField>
          <FormField id="reseller-edit-email" label={text.email} error={errors.email?.message}>
            {(control) => (
              <Input {...control} {...form.register('email')} type="email" autoComplete="off" />
            )}
          </FormField>
          <FormField
            id="reseller-edit-password"
            label={text.password}
            hint={text.passwordHint}
            error={errors.password?.message}
          >
            {(control) => (
              <PasswordInput
                {...control}
                {...form.register('password')}
                autoComplete="new-password"
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={update.isPending} onClick={onClose}>
              {text.cancel}
            </Button>
            <PendingButton type="submit" pending={update.isPending} disabled={!isDirty}>
              {text.save}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
