import type { QueryClient } from '@tanstack/react-query';

/**
 * A setting or bulk action reaches everywhere (subscriptions frozen or resumed, HWIDs freed,
 * accounts gone, the maintenance banner), so every cached query is marked stale and the ones
 * on screen refetch.
 */
export function refreshAllData(queryClient: QueryClient) {
  return queryClient.invalidateQueries();
}
