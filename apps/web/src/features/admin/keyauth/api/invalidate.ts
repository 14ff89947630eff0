import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** After blocking or unblocking: every page of the product's HWID blacklist. */
export function invalidateHwidBlacklist(
  queryClient: QueryClient,
  productId: string,
): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: [...queryKeys.admin.keyauth.all(productId), 'blacklist'],
  });
}
