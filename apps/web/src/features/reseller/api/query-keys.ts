import type { ResellerKeysExportQuery } from '@chaveiro/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Filters of the reseller's key list, as sent to `GET /api/reseller/keys`. */
export type ResellerKeysFilters = ResellerKeysExportQuery & { page: number; pageSize: number };

export const resellerQueryKeys = {
  all: ['reseller'] as const,
  products: ['reseller', 'products'] as const,
  stats: ['reseller', 'stats'] as const,
  keys: (filters: ResellerKeysFilters) => ['reseller', 'keys', filters] as const,
};

/**
 * After a purchase: the statistics, the key list and the header's balance chip (read from the
 * customer dashboard, which resellers share) are stale.
 */
export async function invalidateAfterPurchase(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: resellerQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['client', 'dashboard'] }),
  ]);
}
