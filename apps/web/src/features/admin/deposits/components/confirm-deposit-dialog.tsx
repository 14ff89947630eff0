import type { AdminDeposit } from '@chaveiro/contract';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
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
    <AlertDialog open onOpenChange={(open) => !open && !action.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{text.title}</AlertDialogTitle>
          <AlertDialogDescription>
            {text.description(formatBRL(row.amount), row.user.username, row.reference)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={action.isPending}>{text.cancel}</AlertDialogCancel>
          <PendingButton
            pending={action.isPending}
            onClick={confirm}
            variant={kind === 'refund' ? 'destructive' : 'default'}
          >
            {text.confirm}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
