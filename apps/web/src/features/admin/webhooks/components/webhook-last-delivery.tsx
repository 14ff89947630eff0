import type { WebhookEndpoint } from '@chaveiro/contract';
import { formatDateTime, formatRelative } from '@/lib/format';
import { webhooksTexts } from '../texts';
import { DeliveryStatusBadge } from './delivery-status-badge';

/** The endpoint's latest delivery: its status and when. */
export function WebhookLastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const last = endpoint.lastDelivery;
  if (!last) {
    return <span className="text-muted-foreground text-sm">{webhooksTexts.list.noDelivery}</span>;
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <DeliveryStatusBadge status={last.status} />
      <time
        dateTime={last.at}
        title={formatDateTime(last.at)}
        className="text-muted-foreground text-xs"
      >
        {formatRelative(last.at)}
      </time>
    </span>
  );
}
