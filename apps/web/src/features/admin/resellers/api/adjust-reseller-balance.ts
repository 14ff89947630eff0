import { balanceResponseSchema, type BalanceBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterResellerChange } from './invalidate';

/** A positive amount adds, a negative one removes; the server answers 409 below zero. */
export function adjustResellerBalance({ id, amount }: { id: string } & BalanceBody) {
  return api.patch(
    `/resellers/${encodeURIComponent(id)}/balance`,
    { amount },
    { schema: balanceResponseSchema },
  );
}

export function useAdjustResellerBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustResellerBalance,
    onSuccess: () => invalidateAfterResellerChange(queryClient),
  });
}
