import type { WebhookDelivery } from '@chaveiro/contract';
import { ChevronRight, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { webhooksTexts } from '../texts';
import { detailsId, eventLabel } from './delivery-format';

const text = webhooksTexts.deliveries;

/** "Reenviar": the same event again, with a fresh retry window; none while still pending. */
export function ResendButton({ delivery }: { delivery: WebhookDelivery }) {
  const resend = useResendWebhookDelivery();
  if (delivery.status === 'pending') return null;
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={resend.isPending}
      aria-label={text.resendOf(eventLabel(delivery.eventType), formatDateTime(delivery.createdAt))}
      onClick={() =>
        resend.mutate(delivery.id, { onSuccess: (response) => toast.success(response.message) })
      }
    >
      {resend.isPending ? null : <RotateCcw aria-hidden />}
      {text.resend}
    </PendingButton>
  );
}

/** The receiver's HTTP status of the last attempt, green for 2xx. */
export function ResponseCode({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.responseStatus === null) {
    return <span className="text-muted-foreground">{text.noResponse}</span>;
  }
  const ok = delivery.responseStatus >= 200 && delivery.responseStatus < 300;
  return (
    <span
      className={cn(
        'font-mono tabular-nums',
        ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-destructive',
      )}
    >
      {delivery.responseStatus}
    </span>
  );
}

export function Duration({ delivery }: { delivery: WebhookDelivery }) {
  return <>{delivery.durationMs === null ? text.none : text.durationMs(delivery.durationMs)}</>;
}

/** When the next retry is due, while pending. */
export function NextAttempt({ delivery }: { delivery: WebhookDelivery }) {
  return delivery.nextAttemptAt ? (
    <time dateTime={delivery.nextAttemptAt} title={formatDateTime(delivery.nextAttemptAt)}>
      {formatRelative(delivery.nextAttemptAt)}
    </time>
  ) : (
    <span className="text-muted-foreground">{text.none}</span>
  );
}

/** What the receiver answered, or why the attempt failed, and the event's id. */
export function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  const nothing = !delivery.responseExcerpt && !delivery.error;
  return (
    <div id={detailsId(delivery)} className="grid min-w-0 gap-3 text-sm">
      {delivery.error ? (
        <div className="grid gap-1">
          <p className="font-medium">{text.error}</p>
          <p className="text-destructive font-mono text-xs break-words whitespace-pre-wrap">
            {delivery.error}
          </p>
        </div>
      ) : null}
      {delivery.responseExcerpt ? (
        <div className="grid gap-1">
          <p className="font-medium">{text.responseExcerpt}</p>
          <pre className="bg-muted/60 max-h-48 overflow-auto rounded-md border p-2 font-mono text-xs break-all whitespace-pre-wrap">
            {delivery.responseExcerpt}
          </pre>
        </div>
      ) : null}
      {nothing ? <p className="text-muted-foreground">{text.noDetails}</p> : null}
      <p className="text-muted-foreground text-xs">
        {text.eventId}: <span className="font-mono break-all">{delivery.eventId}</span>
      </p>
    </div>
  );
}

/**
 * Shows or hides a delivery's details: an icon in the table's row, a labelled button on a
 * phone's card. Its name starts with the visible "Detalhes" and says which delivery.
 */
export function DetailsToggle({
  delivery,
  expanded,
  onToggle,
  labelled = false,
}: {
  delivery: WebhookDelivery;
  expanded: boolean;
  onToggle: () => void;
  labelled?: boolean;
}) {
  return (
    <Button
      variant={labelled ? 'outline' : 'ghost'}
      size={labelled ? 'sm' : 'icon'}
      className={labelled ? undefined : 'size-7'}
      aria-expanded={expanded}
      aria-controls={detailsId(delivery)}
      aria-label={text.detailsOf(
        eventLabel(delivery.eventType),
        formatDateTime(delivery.createdAt),
      )}
      onClick={onToggle}
    >
      <ChevronRight className={cn('transition-transform', expanded && 'rotate-90')} aria-hidden />
      {labelled ? text.details : null}
    </Button>
  );
}
