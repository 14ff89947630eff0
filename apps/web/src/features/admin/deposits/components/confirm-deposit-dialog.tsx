import type { AdminDeposit } from '@chaveiro/contract';
import { toast } from 'sonner';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { formatBRL } from '@/lib/format';
import { useDepositAction, type DepositAction } from '../api/deposit-actions';
import { depositsTexts } from '../texts';

/**
 * Approves a manual PIX deposit, cancels a pending Mercado Pago charge or refunds a paid one,
 * after a confirmation.
 */
export function ConfirmDepositDialog({
  kind,
  row,
  onClose,
}: {
  kind: DepositAction;
  row: AdminDeposit;
  onClose: () => void;
}) {
  const text = depositsTexts[kind];
  const action = useDepositAction(kind);

  const confirm = () =>
    action.mutate(row.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
      // The error toast explains it (already decided, gateway down); the refreshed list shows
      // the outcome.
      onError: onClose,
    });

  return (
    <ConfirmActionDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.title}
      description={text.description(formatBRL(row.amount), row.user.username, row.reference)}
      confirmLabel={text.confirm}
      cancelLabel={text.cancel}
      destructive={kind === 'refund'}
      pending={action.isPending}
      onConfirm={confirm}
    />
  );
}
