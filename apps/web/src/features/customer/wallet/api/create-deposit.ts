import { createDepositResponseSchema, type CreateDepositBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createDeposit(body: CreateDepositBody) {
  return api.post('/deposits', body, { schema: createDepositResponseSchema });
}

/** Opens a pending deposit; the answer carries the PIX instructions. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.deposits.all }),
  });
}
