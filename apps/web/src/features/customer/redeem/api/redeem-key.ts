import { redeemKeyResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function redeemKey(keyValue: string) {
  return api.post('/client/redeem-key', { keyValue }, { schema: redeemKeyResponseSchema });
}

/** The result modal reports failures (spec §2), so no error toast as well. */
export function useRedeemKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemKey,
    meta: { errorToast: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.client.redeemHistory }),
      ]),
  });
}
