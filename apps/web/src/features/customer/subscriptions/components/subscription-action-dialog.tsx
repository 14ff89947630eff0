import type { ComponentProps, ReactNode } from 'react';
import { useState } from 'react';
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
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ReasonTooltip } from '@/components/reason-tooltip';
import { texts as t } from '../texts';

type ButtonVariant = ComponentProps<typeof Button>['variant'];

/**
 * A subscription action that may spend a credit, behind a confirmation: the trigger is disabled
 * with its reason while blocked; confirming runs the action, toasts its answer and closes.
 */
export function SubscriptionActionDialog({
  icon,
  label,
  triggerVariant = 'outline',
  triggerAriaLabel,
  blockedReason,
  title,
  description,
  confirmLabel,
  confirmVariant,
  pending,
  onConfirm,
}: {
  icon: ReactNode;
  label: string;
  triggerVariant?: ButtonVariant;
  triggerAriaLabel?: string;
  blockedReason: string | null;
  title: string;
  description: string;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  pending: boolean;
  /** Runs the mutation, handing it the success callback. */
  onConfirm: (onSuccess: (answer: { message: string }) => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <ReasonTooltip reason={blockedReason}>
        <AlertDialogTrigger asChild>
          <Button
            variant={triggerVariant}
            size="sm"
            disabled={blockedReason !== null}
            aria-label={triggerAriaLabel}
          >
            {icon}
            {label}
          </Button>
        </AlertDialogTrigger>
      </ReasonTooltip>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t.cancel}</AlertDialogCancel>
          <PendingButton
            variant={confirmVariant}
            pending={pending}
            onClick={() =>
              onConfirm((answer) => {
                toast.success(answer.message);
                setOpen(false);
              })
            }
          >
            {confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
