import type { BoundMachine, ClientSubscription } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { Unlink } from 'lucide-react';
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
import { cn } from '@/lib/utils';
import { ReasonTooltip } from '../../shared/components/reason-tooltip';
import { formatRelative } from '../../shared/lib/format';
import { useReleaseMachine } from '../api/release-machine';
import { texts as t } from '../texts';

/** 'Liberar' for one machine, confirming whether it is free or spends a reset credit. */
function ReleaseDialog({ sub, machine }: { sub: ClientSubscription; machine: BoundMachine }) {
  const [open, setOpen] = useState(false);
  const mutation = useReleaseMachine();
  const blocked =
    !machine.free_release && sub.hwid_reset_credits <= 0 ? messages.errors.noResetCredits : null;
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <ReasonTooltip reason={blocked}>
        <AlertDialogTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            disabled={blocked !== null}
            aria-label={t.releaseLabel(machine.hwid)}
          >
            <Unlink aria-hidden />
            {t.release}
          </Button>
        </AlertDialogTrigger>
      </ReasonTooltip>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.releaseTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {machine.free_release
              ? t.releaseFree(machine.hwid)
              : t.releasePaid(machine.hwid, sub.hwid_reset_credits)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{t.cancel}</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            pending={mutation.isPending}
            onClick={() =>
              mutation.mutate(
                { subscriptionId: sub.subscription_id, machineId: machine.id },
                {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    setOpen(false);
                  },
                },
              )
            }
          >
            {t.confirmRelease}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The machines bound to a subscription, each with its 'Liberar'. */
export function MachinesList({ sub }: { sub: ClientSubscription }) {
  if (sub.machines.length === 0) return null;
  return (
    <section aria-label={t.machines} className="mt-4 border-t pt-3">
      <h3 className="text-muted-foreground mb-2 text-xs">{t.machines}</h3>
      <ul className="grid gap-2">
        {sub.machines.map((machine) => (
          <li key={machine.id} className="flex items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="flex items-center gap-1.5 text-sm">
                <span
                  aria-hidden
                  className={cn(
                    'size-2 shrink-0 rounded-full',
                    machine.is_online ? 'bg-emerald-500' : 'bg-muted-foreground/40',
                  )}
                />
                <span className="truncate font-mono text-xs" title={machine.hwid}>
                  {machine.hwid}
                </span>
              </p>
              <p className="text-muted-foreground text-xs">
                {t.machineBound(formatRelative(machine.bound_at))}
              </p>
            </div>
            <ReleaseDialog sub={sub} machine={machine} />
          </li>
        ))}
      </ul>
    </section>
  );
}
