import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { webhooksTexts } from '../texts';

/** How many events it hears, then each one's pt-BR name (a few, or all on its own page). */
export function WebhookEventsBadges({
  endpoint,
  limit = Infinity,
}: {
  endpoint: WebhookEndpoint;
  limit?: number;
}) {
  const shown = endpoint.events.slice(0, limit);
  const rest = endpoint.events.length - shown.length;
  return (
    <div className="grid gap-1">
      <span className="text-muted-foreground text-xs">
        {webhooksTexts.list.eventsCount(endpoint.events.length)}
      </span>
      <ul className="flex flex-wrap gap-1">
        {shown.map((type) => (
          <li key={type}>
            <Badge variant="secondary" title={type}>
              {WEBHOOK_EVENT_LABELS[type]}
            </Badge>
          </li>
        ))}
        {rest > 0 ? (
          <li>
            <Badge variant="outline">+{rest}</Badge>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The badge of an endpoint that gets Discord's embed instead of the JSON event. */
export function DiscordBadge() {
  return (
    <Badge
      variant="outline"
      className="border-indigo-500/40 bg-indigo-500/10 text-indigo-700 dark:text-indigo-300"
    >
      {webhooksTexts.list.discord}
    </Badge>
  );
}
