import {
  BYPASS_LIMITS,
  messages,
  updateBypassUidBodySchema,
  type BypassUidItem,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '@/components/form/form-field';
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
import { useUpdateBypassUid } from '../api/update-bypass-uid';
import { bypassTexts } from '../texts';

const text = bypassTexts.edit;

/** Changes a UID (spec §2); save stays disabled while the new UID is empty (spec §5). */
export function BypassUidEditDialog({ row, onClose }: { row: BypassUidItem; onClose: () => void }) {
  const update = useUpdateBypassUid();
  const form = useForm({
    resolver: zodResolver(updateBypassUidBodySchema),
    defaultValues: { newUid: '' },
  });
  const newUid = useWatch({ control: form.control, name: 'newUid' });
  const error = form.formState.errors.newUid?.message;

  const onSubmit = form.handleSubmit(({ newUid: next }) => {
    update.mutate(
      { uid: row.uid, newUid: next },
      {
        onSuccess: () => {
          toast.success(messages.success.uidUpdated);
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{text.description(row.uid)}</DialogDescription>
          </DialogHeader>
          <FormField id="bypass-new-uid" label={text.newUid} error={error}>
            {(control) => (
              <Input
                {...control}
                {...form.register('newUid')}
                placeholder={row.uid}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={BYPASS_LIMITS.uidMax}
                className="font-mono"
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={update.isPending} onClick={onClose}>
              {text.cancel}
            </Button>
            <PendingButton type="submit" pending={update.isPending} disabled={newUid.trim() === ''}>
              {text.save}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
