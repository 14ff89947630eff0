import type { AdminDepositsQuery } from '@chaveiro/contract';
import type { QueryClient } from '@tanstack/react-query';

export type DepositsListQuery = Partial<AdminDepositsQuery>;

export const depositsQueryKeys = {
  all: ['admin', 'deposits'] as const,
  list: (query: DepositsListQuery) => ['admin', 'deposits', 'list', query] as const,
  paymentSettings: ['admin', 'payment-settings'] as const,
};

/**
 * Spec §7: after a change the affected data is refreshed. A decision touches the deposit list,
 * a balance (reseller table and ledger), the dashboard and the activity log, so every cached
 * query is marked stale and the ones on screen refetch.
 */
export function invalidateAfterDecision(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
