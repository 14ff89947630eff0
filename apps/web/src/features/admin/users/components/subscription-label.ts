import type { UserSubscription } from '@chaveiro/contract';
import { formatDate } from '@/lib/format';

/** 'Produto — expira em 21/12/2026' (paused ones say so). */
export function subscriptionLabel(subscription: UserSubscription): string {
  const expiry = formatDate(subscription.expires_at);
  const paused = subscription.status === 'paused' ? ' (pausada)' : '';
  return `${subscription.name} — expira em ${expiry}${paused}`;
}
