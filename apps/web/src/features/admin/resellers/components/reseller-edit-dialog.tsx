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
import { InputField, PasswordField, UsernameField } from '@/components/form/input-fields';
import { FormDialog } from '@/components/form/form-dialog';
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
    defaultValues: { username: row.username, email: row.email ?? '', password: '' },
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
    <FormDialog
      onClose={onClose}
      title={text.title}
      description={text.description(row.username)}
      onSubmit={onSubmit}
      pending={update.isPending}
      cancelLabel={text.cancel}
      submitLabel={text.save}
      submitDisabled={!isDirty}
      className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md"
    >
      <UsernameField
        id="reseller-edit-username"
        label={text.username}
        error={errors.username?.message}
        {...form.register('username')}
        autoComplete="off"
      />
      <InputField
        id="reseller-edit-email"
        label={text.email}
        error={errors.email?.message}
        {...form.register('email')}
        type="email"
        autoComplete="off"
      />
      <PasswordField
        id="reseller-edit-password"
        label={text.password}
        hint={text.passwordHint}
        error={errors.password?.message}
        {...form.register('password')}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
