import {
  rejectDepositBodySchema,
  type AdminDeposit,
  type RejectDepositBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { TextareaField } from '@/components/form/input-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { ApiError } from '@/lib/api-client';
import { formatBRL } from '@/lib/format';
import { useRejectDeposit } from '../api/reject-deposit';
import { depositsTexts } from '../texts';

const text = depositsTexts.reject;

/** Refuses a deposit with a reason the customer is told (notification and deposit list). */
export function RejectDepositDialog({ row, onClose }: { row: AdminDeposit; onClose: () => void }) {
  const reject = useRejectDeposit();
  const form = useForm<z.input<typeof rejectDepositBodySchema>, unknown, RejectDepositBody>({
    resolver: zodResolver(rejectDepositBodySchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = form.handleSubmit((body) =>
    reject.mutate(
      { id: row.id, reason: body.reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) onClose();
        },
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={text.title}
      description={text.description(formatBRL(row.amount), row.user.username, row.reference)}
      onSubmit={onSubmit}
      pending={reject.isPending}
      cancelLabel={text.cancel}
      submitLabel={text.confirm}
      submitVariant="destructive"
      className="sm:max-w-md"
    >
      <TextareaField
        id="deposit-reject-reason"
        label={text.reason}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
        placeholder={text.reasonPlaceholder}
        maxLength={300}
        rows={3}
      />
    </FormDialog>
  );
}
