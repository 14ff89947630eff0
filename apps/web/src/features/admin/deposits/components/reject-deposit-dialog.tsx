import {
  rejectDepositBodySchema,
  type AdminDeposit,
  type RejectDepositBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
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
import { Textarea } from '@/components/ui/textarea';
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
    <Dialog open onOpenChange={(open) => !open && !reject.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>
            {text.description(formatBRL(row.amount), row.user.username, row.reference)}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <FormField
            id="deposit-reject-reason"
            label={text.reason}
            error={form.formState.errors.reason?.message}
          >
            {(control) => (
              <Textarea
                {...control}
                {...form.register('reason')}
                placeholder={text.reasonPlaceholder}
                maxLength={300}
                rows={3}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={reject.isPending} onClick={onClose}>
              {text.cancel}
            </Button>
            <PendingButton type="submit" variant="destructive" pending={reject.isPending}>
              {text.confirm}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
