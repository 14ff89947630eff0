import { buyKeysResponseSchema, type BuyKeysBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterPurchase } from './invalidate';

export function buyKeys(body: BuyKeysBody) {
  return api.post('/reseller/keys', body, { schema: buyKeysResponseSchema });
}

/** Buys keys with the balance; the answer carries the new keys and the balance after it. */
export function useBuyKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyKeys,
    onSuccess: () => invalidateAfterPurchase(queryClient),
  });
}
