import { checkoutResponseSchema, type CheckoutBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { invalidatePurchase } from '@/lib/invalidate-purchase';
import { queryKeys } from '@/lib/query-keys';

export function checkout(body: CheckoutBody) {
  return api.post('/shop/checkout', body, { schema: checkoutResponseSchema });
}

/** Buys or renews a plan: from the balance now, or an order waiting for its PIX. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: () => invalidatePurchase(queryClient),
    onError: (error, body) => {
      // The product went down since the shop was read: show its status there.
      if (error instanceof ApiError && error.code === 'PRODUCT_NOT_OPERATIONAL') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.client.shopProducts });
        if (body.subscriptionId !== undefined) {
          void queryClient.invalidateQueries({
            queryKey: queryKeys.client.renewal(body.subscriptionId),
          });
        }
      }
    },
  });
}
