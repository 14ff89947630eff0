import { WEBHOOK_EVENT_LABELS, type WebhookDelivery } from '@chaveiro/contract';

/** An event type's pt-BR name; an unknown type (a newer server) shows as sent. */
export function eventLabel(type: string): string {
  return (WEBHOOK_EVENT_LABELS as Record<string, string | undefined>)[type] ?? type;
}

/** The id of a delivery's expanded details, for its toggle's `aria-controls`. */
export function detailsId(delivery: WebhookDelivery): string {
  return `delivery-${delivery.id}-details`;
}
