import { checkoutResponseSchema, type CheckoutBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function checkout(body: CheckoutBody) {
  return api.post('/shop/checkout', body, { schema: checkoutResponseSchema });
}

/** Everything a purchase may change: balance and subscriptions, the shop, orders, deposits. */
export function invalidatePurchase(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
    queryClient.invalidateQueries({ queryKey: queryKeys.client.shopProducts }),
    queryClient.invalidateQueries({ queryKey: queryKeys.client.orders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.client.deposits.all }),
  ]);
}

/** Buys or renews a plan: from the balance now, or an order waiting for its PIX. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: () => invalidatePurchase(queryClient),
  });
}
