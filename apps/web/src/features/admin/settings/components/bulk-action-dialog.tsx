import type { FormEvent, ReactNode } from 'react';
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
import { settingsTexts } from '../texts';

interface BulkActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** False until the admin has done what the dialog asks (e.g. typed the confirmation word). */
  canConfirm?: boolean;
  onConfirm: () => void;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
}

/**
 * The confirmation in front of a bulk action. It stays open while the call runs (a failure
 * leaves it open with the error toast) and the caller closes it on success.
 */
export function BulkActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  canConfirm = true,
  onConfirm,
  children,
}: BulkActionDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm && !pending) onConfirm();
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="grid gap-2">{description}</div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          {children}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={pending}>
              {settingsTexts.cancel}
            </AlertDialogCancel>
            <PendingButton
              type="submit"
              variant="destructive"
              pending={pending}
              disabled={!canConfirm}
            >
              {confirmLabel}
            </PendingButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
