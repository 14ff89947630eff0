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

interface CloseTicketDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
  texts: { title: string; description: string; confirm: string; cancel: string };
}

/** Confirms closing a ticket: a closed ticket takes no more messages. */
export function CloseTicketDialog({
  open,
  onOpenChange,
  pending,
  onConfirm,
  texts,
}: CloseTicketDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.title}</AlertDialogTitle>
          <AlertDialogDescription>{texts.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{texts.cancel}</AlertDialogCancel>
          <PendingButton variant="destructive" pending={pending} onClick={onConfirm}>
            {texts.confirm}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
