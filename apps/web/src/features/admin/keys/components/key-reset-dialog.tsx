import { ADMIN_LIMITS, messages, type KeyListItem } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NumberField } from '@/components/form/input-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useUpdateKey } from '../api/update-key';

const daysMessage = messages.admin.daysPositive;
const resetSchema = z.object({
  days: z
    .number({ error: daysMessage })
    .int(daysMessage)
    .min(1, daysMessage)
    .max(ADMIN_LIMITS.daysMax, daysMessage),
});

/** Reset Duration: a new validity in days for an unused key (`PATCH /api/keys/{id}`). */
export function KeyResetDialog({ row, onClose }: { row: KeyListItem; onClose: () => void }) {
  const update = useUpdateKey();
  const form = useForm({
    resolver: zodResolver(resetSchema),
    defaultValues: { days: row.validity },
  });
  const onSubmit = form.handleSubmit(({ days }) => {
    update.mutate({ id: row.id, body: { days } }, { onSuccess: onClose });
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Redefinir validade"
      description={
        <>
          Nova validade da chave <span className="font-mono">{row.key}</span>, em dias.
        </>
      }
      onSubmit={onSubmit}
      pending={update.isPending}
      holdWhilePending={false}
      cancelLabel="Cancelar"
      submitLabel="Salvar"
      className="sm:max-w-sm"
    >
      <NumberField
        id="key-reset-days"
        label="Dias"
        error={form.formState.errors.days?.message}
        {...form.register('days', { valueAsNumber: true })}
        min={1}
        step={1}
      />
    </FormDialog>
  );
}
