import { checkoutResponseSchema, type CheckoutBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePurchase } from '@/lib/invalidate-purchase';

export function checkout(body: CheckoutBody) {
  return api.post('/shop/checkout', body, { schema: checkoutResponseSchema });
}

/** Buys or renews a plan: from the balance now, or an order waiting for its PIX. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: () => invalidatePurchase(queryClient),
  });
}
