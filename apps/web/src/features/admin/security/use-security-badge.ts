import { protectionMessages as t } from '@chaveiro/contract';
import type { NavBadge } from '@/components/layout/nav-items';
import { useSecurityEvents } from '@/components/protection/use-security-events';

/** The open-event count only: one row asked, the page's total read. */
const OPEN_COUNT_QUERY = { status: 'open', page: 1, pageSize: 1 } as const;

/**
 * The "Segurança" sidebar badge: how many events wait in the queue (polled with the queue).
 * Nothing is asked before the admin's session is known.
 */
export function useSecurityBadge(signedIn: boolean): NavBadge | undefined {
  const { data } = useSecurityEvents(OPEN_COUNT_QUERY, { enabled: signedIn });
  const count = data?.total ?? 0;
  return count > 0 ? { count, label: t.securityOpenBadge(count) } : undefined;
}
