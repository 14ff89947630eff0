import type { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: after a change the affected data is refreshed. A decision touches the deposit list,
 * a balance (reseller table and ledger), the dashboard and the activity log, so every cached
 * query is marked stale and the ones on screen refetch.
 */
export function invalidateAfterDecision(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
