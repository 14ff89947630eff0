import { useSearchParams } from 'react-router';
import { RenewDialog } from '@/features/customer/checkout/components/renew-dialog';
import { SubscriptionsScreen } from '@/features/customer/subscriptions/components/subscriptions-screen';

/** The query parameter that opens "Renovar": a card sets it, an expiry reminder's link carries it. */
const RENEW_PARAM = 'renovar';

/**
 * /dashboard (spec §2): Minhas Assinaturas, and over it the checkout's "Renovar" while
 * `?renovar=<id>` names a subscription.
 */
export function CustomerSubscriptionsRoute() {
  const [params, setParams] = useSearchParams();
  const renewing = params.get(RENEW_PARAM);
  const renew = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(RENEW_PARAM);
        else next.set(RENEW_PARAM, id);
        return next;
      },
      { replace: id === null, preventScrollReset: true },
    );
  return (
    <>
      <SubscriptionsScreen onRenew={renew} />
      {renewing ? (
        <RenewDialog key={renewing} subscriptionId={renewing} onClose={() => renew(null)} />
      ) : null}
    </>
  );
}
