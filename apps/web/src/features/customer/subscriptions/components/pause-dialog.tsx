import type { ClientSubscription } from '@chaveiro/contract';
import { Pause } from 'lucide-react';
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
import { useSetSubscriptionStatus } from '../api/set-subscription-status';
import { texts as t } from '../texts';

/** "Pausar" with a confirmation saying it spends a pause credit and how many remain. */
export function PauseDialog({
  sub,
  blockedReason,
}: {
  sub: ClientSubscription;
  blockedReason: string | null;
}) {
  const [open, setOpen] = useState(false);
  const mutation = useSetSubscriptionStatus();
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <ReasonTooltip reason={blockedReason}>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" disabled={blockedReason !== null}>
            <Pause aria-hidden />
            {t.pause}
          </Button>
        </AlertDialogTrigger>
      </ReasonTooltip>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.pauseTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {t.pauseBody(sub.product_name, sub.pause_credits)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{t.cancel}</AlertDialogCancel>
          <PendingButton
            pending={mutation.isPending}
            onClick={() =>
              mutation.mutate(
                { subscriptionId: sub.subscription_id, status: 'paused' },
                {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    setOpen(false);
                  },
                },
              )
            }
          >
            {t.confirmPause}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
