import { WEBHOOK_EVENT_LABELS } from '@chaveiro/contract';

/** An event type's pt-BR name; an unknown type (a newer server) shows as sent. */
export function eventLabel(type: string): string {
  return (WEBHOOK_EVENT_LABELS as Record<string, string | undefined>)[type] ?? type;
}
