import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a purchase: the statistics, the key list and the header's balance chip (read from the
 * customer dashboard, which resellers share) are stale.
 */
export async function invalidateAfterPurchase(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.reseller.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
  ]);
}
