import { protectionMessages as t, type SecurityEvent } from '@chaveiro/contract';
import { Check } from 'lucide-react';
import { PendingButton } from '@/components/form/pending-button';
import { useResolveSecurityEvent } from './use-security-events';

/** "Marcar como resolvido" on an open event; the list refreshes and the event leaves the queue. */
export function ResolveSecurityEventButton({ event }: { event: SecurityEvent }) {
  const resolve = useResolveSecurityEvent();
  return (
    <PendingButton
      size="sm"
      variant="outline"
      pending={resolve.isPending}
      aria-label={t.securityResolveOf(t.signals[event.kind], event.username)}
      onClick={() => resolve.mutate({ id: event.id })}
    >
      {resolve.isPending ? null : <Check aria-hidden />}
      {t.securityResolve}
    </PendingButton>
  );
}
