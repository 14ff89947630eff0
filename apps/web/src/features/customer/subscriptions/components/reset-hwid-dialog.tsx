import type { ClientSubscription } from '@chaveiro/contract';
import { RotateCcw } from 'lucide-react';
import { useResetHwid } from '../api/reset-hwid';
import { texts as t } from '../texts';
import { SubscriptionActionDialog } from './subscription-action-dialog';

/** "Resetar HWID" with its confirmation (spec §2). */
export function ResetHwidDialog({
  sub,
  blockedReason,
}: {
  sub: ClientSubscription;
  blockedReason: string | null;
}) {
  const mutation = useResetHwid();
  return (
    <SubscriptionActionDialog
      icon={<RotateCcw aria-hidden />}
      label={t.resetHwid}
      blockedReason={blockedReason}
      title={t.resetTitle}
      description={t.resetBody(sub.product_name, sub.hwid_reset_credits)}
      confirmLabel={t.confirmReset}
      confirmVariant="destructive"
      pending={mutation.isPending}
      onConfirm={(onSuccess) => mutation.mutate(sub.subscription_id, { onSuccess })}
    />
  );
}
