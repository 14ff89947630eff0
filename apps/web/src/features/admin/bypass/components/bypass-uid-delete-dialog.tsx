import { messages, type BypassUidItem } from '@chaveiro/contract';
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
import { useDeleteBypassUid } from '../api/delete-bypass-uid';
import { bypassTexts } from '../texts';

const text = bypassTexts.remove;

/** Removes a UID from the whitelist, after confirmation. */
export function BypassUidDeleteDialog({
  row,
  onClose,
}: {
  row: BypassUidItem;
  onClose: () => void;
}) {
  const remove = useDeleteBypassUid();
  const confirm = () => {
    remove.mutate(row.uid, {
      onSuccess: () => {
        toast.success(messages.success.uidDeleted);
        onClose();
      },
    });
  };
  return (
    <AlertDialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{text.title}</AlertDialogTitle>
          <AlertDialogDescription>
            {text.lead} <span className="text-foreground font-mono">{row.uid}</span>{' '}
            {text.description}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{text.cancel}</AlertDialogCancel>
          <PendingButton variant="destructive" pending={remove.isPending} onClick={confirm}>
            {text.confirm}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
