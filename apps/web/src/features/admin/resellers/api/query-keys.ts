import type { ResellersQuery } from '@chaveiro/contract';
import type { QueryClient } from '@tanstack/react-query';

export type ResellersListQuery = Partial<ResellersQuery>;

export const resellersQueryKeys = {
  all: ['resellers'] as const,
  list: (query: ResellersListQuery) => ['resellers', 'list', query] as const,
  ledger: (id: string) => ['resellers', 'ledger', id] as const,
  clients: (q: string) => ['resellers', 'clients', q] as const,
};

/**
 * Spec §7: after a change the affected data is refreshed. A reseller change touches the reseller
 * list and ledger, the user table (role, name, status), the client selects, the dashboard metrics
 * and the activity log, so every cached query is marked stale and the ones on screen refetch.
 */
export function invalidateAfterResellerChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
