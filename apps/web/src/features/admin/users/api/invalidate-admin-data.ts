import type { QueryClient } from '@tanstack/react-query';

/**
 * Spec §4: after a user change "all data is refreshed". A user change touches the user lists,
 * the dashboard metrics and activity, and the client names of the key table, so every cached
 * query is marked stale and the ones on screen refetch.
 */
export function invalidateAdminData(queryClient: QueryClient) {
  return queryClient.invalidateQueries();
}
