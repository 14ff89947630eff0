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
import { useApproveDeposit } from '../api/approve-deposit';
import { depositsTexts } from '../texts';

const text = depositsTexts.approve;

/** Credits the deposit after a confirmation; a second approval is refused by the server (409). */
export function ApproveDepositDialog({ row, onClose }: { row: AdminDeposit; onClose: () => void }) {
  const approve = useApproveDeposit();

  const confirm = () =>
    approve.mutate(row.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
      // The error toast explains it (already decided); the refreshed list shows the outcome.
      onError: onClose,
    });

  return (
    <AlertDialog open onOpenChange={(open) => !open && !approve.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{text.title}</AlertDialogTitle>
          <AlertDialogDescription>
            {text.description(formatBRL(row.amount), row.user.username, row.reference)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={approve.isPending}>{text.cancel}</AlertDialogCancel>
          <PendingButton pending={approve.isPending} onClick={confirm}>
            {text.confirm}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
