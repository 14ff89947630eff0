import type { NavBadge } from '@/components/layout/nav-items';
import { useWorkQueues } from './api/get-work-queues';
import { workQueueTexts } from './texts';

/**
 * The badges of the admin sidebar, by nav path: what waits in each queue. A queue that is
 * empty (or not loaded yet) shows no badge. Nothing is asked before the admin's session is known.
 */
export function useWorkQueueBadges(signedIn: boolean): Record<string, NavBadge | undefined> {
  const { data } = useWorkQueues(signedIn);
  const badge = (count: number | undefined, label: (count: number) => string) =>
    count ? { count, label: label(count) } : undefined;
  return {
    '/admin/deposits': badge(data?.pendingDeposits, workQueueTexts.pendingDeposits),
    '/admin/support': badge(data?.openTickets, workQueueTexts.openTickets),
    '/admin/security': badge(data?.openSecurityEvents, workQueueTexts.openSecurityEvents),
  };
}
