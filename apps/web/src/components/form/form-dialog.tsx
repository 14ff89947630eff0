import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { PendingButton } from './pending-button';

interface FormDialogProps {
  /** Defaults to open: most form dialogs are mounted only while they show. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** `form.handleSubmit(...)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The call the submit button makes is running. */
  pending: boolean;
  /** While the call runs, Esc, the overlay and Cancelar do not close the dialog. */
  holdWhilePending?: boolean;
  cancelLabel: string;
  submitLabel: ReactNode;
  submitVariant?: ComponentProps<typeof Button>['variant'];
  submitDisabled?: boolean;
  /** The dialog's width (and scrolling, for tall forms). */
  className?: string;
  /** The fields. */
  children: ReactNode;
  /** Shown under the form, outside it (e.g. a history). */
  below?: ReactNode;
}

/** A dialog holding one form: title, description, the fields, Cancelar and the submit button. */
export function FormDialog({
  open = true,
  onClose,
  title,
  description,
  onSubmit,
  pending,
  holdWhilePending = true,
  cancelLabel,
  submitLabel,
  submitVariant,
  submitDisabled,
  className,
  children,
  below,
}: FormDialogProps) {
  const held = holdWhilePending && pending;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !held && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={held} onClick={onClose}>
              {cancelLabel}
            </Button>
            <PendingButton
              type="submit"
              variant={submitVariant}
              pending={pending}
              disabled={submitDisabled}
            >
              {submitLabel}
            </PendingButton>
          </DialogFooter>
        </form>
        {below}
      </DialogContent>
    </Dialog>
  );
}
