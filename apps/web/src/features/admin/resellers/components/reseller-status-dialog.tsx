import type { Reseller } from '@chaveiro/contract';
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
import { useUpdateResellerStatus } from '../api/update-reseller-status';
import { resellersTexts } from '../texts';
import { playSound } from '@/lib/sounds';

const text = resellersTexts.status;
const labels = resellersTexts.actions;

/** Banir (ends the reseller's sessions at once) or Desbanir, after a confirmation (spec §4). */
export function ResellerStatusDialog({ row, onClose }: { row: Reseller; onClose: () => void }) {
  const update = useUpdateResellerStatus();
  const banned = row.status === 'banned';

  const confirm = () => {
    update.mutate(
      { id: row.id, status: banned ? 'active' : 'banned' },
      {
        onSuccess: (response) => {
          if (!banned) playSound('ban');
          toast.success(response.message);
          onClose();
        },
      },
    );
  };

  return (
    <AlertDialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{banned ? text.unbanTitle : text.banTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {banned ? text.unbanDescription(row.username) : text.banDescription(row.username)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={update.isPending}>{text.cancel}</AlertDialogCancel>
          <PendingButton
            variant={banned ? 'default' : 'destructive'}
            pending={update.isPending}
            onClick={confirm}
          >
            {banned ? labels.unban : labels.ban}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
