import type { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: after a change the affected data is refreshed. A reseller change touches the reseller
 * list and ledger, the user table (role, name, status), the client selects, the dashboard metrics
 * and the activity log, so every cached query is marked stale and the ones on screen refetch.
 */
export function invalidateAfterResellerChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
