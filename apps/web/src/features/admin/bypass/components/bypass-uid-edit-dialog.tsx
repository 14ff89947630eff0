import {
  BYPASS_LIMITS,
  messages,
  updateBypassUidBodySchema,
  type BypassUidItem,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { InputField } from '@/components/form/input-fields';
import { FormDialog } from '@/components/form/form-dialog';
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
    <FormDialog
      onClose={onClose}
      title={text.title}
      description={text.description(row.uid)}
      onSubmit={onSubmit}
      pending={update.isPending}
      cancelLabel={text.cancel}
      submitLabel={text.save}
      submitDisabled={newUid.trim() === ''}
      className="sm:max-w-md"
    >
      <InputField
        id="bypass-new-uid"
        label={text.newUid}
        error={error}
        {...form.register('newUid')}
        placeholder={row.uid}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={BYPASS_LIMITS.uidMax}
        className="font-mono"
      />
    </FormDialog>
  );
}
