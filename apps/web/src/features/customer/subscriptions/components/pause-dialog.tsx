import type { ClientSubscription } from '@chaveiro/contract';
import { Pause } from 'lucide-react';
import { useSetSubscriptionStatus } from '../api/set-subscription-status';
import { texts as t } from '../texts';
import { SubscriptionActionDialog } from './subscription-action-dialog';

/**
 * "Pausar" with a confirmation saying it spends a pause credit and how many remain; during the
 * product's freeze, that the pause outlasts it.
 */
export function PauseDialog({
  sub,
  blockedReason,
}: {
  sub: ClientSubscription;
  blockedReason: string | null;
}) {
  const mutation = useSetSubscriptionStatus();
  return (
    <SubscriptionActionDialog
      icon={<Pause aria-hidden />}
      label={t.pause}
      blockedReason={blockedReason}
      title={t.pauseTitle}
      description={(sub.frozen_by_product ? t.pauseFrozenBody : t.pauseBody)(
        sub.product_name,
        sub.pause_credits,
      )}
      confirmLabel={t.confirmPause}
      pending={mutation.isPending}
      onConfirm={(onSuccess) =>
        mutation.mutate({ subscriptionId: sub.subscription_id, status: 'paused' }, { onSuccess })
      }
    />
  );
}
