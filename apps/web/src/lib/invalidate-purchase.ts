import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * Everything a purchase may change: balance and subscriptions, the shop, orders, deposits. A
 * checkout and a deposit that paid an order both end here, so they refresh the same screens.
 */
export function invalidatePurchase(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
    queryClient.invalidateQueries({ queryKey: queryKeys.client.shopProducts }),
    queryClient.invalidateQueries({ queryKey: queryKeys.client.orders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.client.deposits.all }),
  ]);
}
