import type { ReactNode } from 'react';
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

interface BulkConfirmDialogProps {
  /** `Banir 3 usuários?`; null: closed. */
  title: string | null;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation of a bulk action, stating how many rows it touches; open while it runs. */
export function BulkConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  pending,
  onConfirm,
  onClose,
}: BulkConfirmDialogProps) {
  return (
    <AlertDialog open={title !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
          <PendingButton
            variant={destructive ? 'destructive' : 'default'}
            pending={pending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
