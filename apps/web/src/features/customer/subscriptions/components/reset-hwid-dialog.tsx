import type { ClientSubscription } from '@chaveiro/contract';
import { RotateCcw } from 'lucide-react';
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
import { ReasonTooltip } from '../../shared/components/reason-tooltip';
import { useResetHwid } from '../api/reset-hwid';
import { texts as t } from '../texts';

/** "Resetar HWID" with its confirmation (spec §2). */
export function ResetHwidDialog({
  sub,
  blockedReason,
}: {
  sub: ClientSubscription;
  blockedReason: string | null;
}) {
  const [open, setOpen] = useState(false);
  const mutation = useResetHwid();
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <ReasonTooltip reason={blockedReason}>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" disabled={blockedReason !== null}>
            <RotateCcw aria-hidden />
            {t.resetHwid}
          </Button>
        </AlertDialogTrigger>
      </ReasonTooltip>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.resetTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {t.resetBody(sub.product_name, sub.hwid_reset_credits)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{t.cancel}</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            pending={mutation.isPending}
            onClick={() =>
              mutation.mutate(sub.subscription_id, {
                onSuccess: (answer) => {
                  toast.success(answer.message);
                  setOpen(false);
                },
              })
            }
          >
            {t.confirmReset}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
