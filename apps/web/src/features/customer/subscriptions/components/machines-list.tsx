import type { BoundMachine, ClientSubscription } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { Unlink } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatRelative } from '@/lib/format';
import { useReleaseMachine } from '../api/release-machine';
import { texts as t } from '../texts';
import { SubscriptionActionDialog } from './subscription-action-dialog';

/** 'Liberar' for one machine, confirming whether it is free or spends a reset credit. */
function ReleaseDialog({ sub, machine }: { sub: ClientSubscription; machine: BoundMachine }) {
  const mutation = useReleaseMachine();
  const blocked =
    !machine.free_release && sub.hwid_reset_credits <= 0 ? messages.errors.noResetCredits : null;
  return (
    <SubscriptionActionDialog
      icon={<Unlink aria-hidden />}
      label={t.release}
      triggerVariant="ghost"
      triggerAriaLabel={t.releaseLabel(machine.hwid)}
      blockedReason={blocked}
      title={t.releaseTitle}
      description={
        machine.free_release
          ? t.releaseFree(machine.hwid)
          : t.releasePaid(machine.hwid, sub.hwid_reset_credits)
      }
      confirmLabel={t.confirmRelease}
      confirmVariant="destructive"
      pending={mutation.isPending}
      onConfirm={(onSuccess) =>
        mutation.mutate(
          { subscriptionId: sub.subscription_id, machineId: machine.id },
          { onSuccess },
        )
      }
    />
  );
}

/** The machines bound to a subscription, each with its 'Liberar'. */
export function MachinesList({ sub }: { sub: ClientSubscription }) {
  if (sub.machines.length === 0) return null;
  return (
    <section aria-label={t.machines} className="mt-4 border-t pt-3">
      <h3 className="text-muted-foreground mb-2 text-xs">{t.machines}</h3>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
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
