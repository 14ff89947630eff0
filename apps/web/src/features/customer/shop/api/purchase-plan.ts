import { purchaseResponseSchema, type PurchaseBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function purchasePlan(body: PurchaseBody) {
  return api.post('/shop/purchase', body, { schema: purchaseResponseSchema });
}

/** Pays a plan from the balance; the balance, subscriptions and shop are read again. */
export function usePurchasePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchasePlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.client.shopProducts }),
      ]),
  });
}
