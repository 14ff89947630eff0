import type { ReactNode } from 'react';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';

/**
 * A removal confirmed in place, under what it removes (inside a dialog, where a second dialog
 * would stack): the question, the destructive button and Cancelar.
 */
export function InlineConfirm({
  message,
  confirmLabel,
  cancelLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: string;
  /** The confirmed call is running: Cancelar waits for it. */
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="alert" className="border-destructive/40 grid gap-2 rounded-md border p-2 text-sm">
      <p>{message}</p>
      <div className="flex gap-2">
        <PendingButton variant="destructive" size="sm" pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </PendingButton>
        <Button variant="outline" size="sm" disabled={pending} onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
