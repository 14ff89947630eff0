import { protectionMessages as t, type SecurityEvent } from '@chaveiro/contract';
import { formatDateTime } from '@/lib/format';
import { ResolveSecurityEventButton } from './resolve-security-event-button';

/** An open event's "Marcar como resolvido", or who resolved it and when. */
export function SecurityEventResolution({ event }: { event: SecurityEvent }) {
  if (!event.resolvedAt) return <ResolveSecurityEventButton event={event} />;
  const when = formatDateTime(event.resolvedAt);
  return (
    <span className="text-muted-foreground text-xs">
      {event.resolvedBy ? t.securityResolvedBy(event.resolvedBy, when) : t.securityResolvedAt(when)}
    </span>
  );
}
