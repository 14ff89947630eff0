import type { UserSubscription } from '@chaveiro/contract';
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';

/** 'Produto — expira em 21/12/2026' (paused ones say so). */
export function subscriptionLabel(subscription: UserSubscription): string {
  const expiry = format(new Date(subscription.expires_at), 'dd/MM/yyyy', { locale: ptBR });
  const paused = subscription.status === 'paused' ? ' (pausada)' : '';
  return `${subscription.name} — expira em ${expiry}${paused}`;
}
