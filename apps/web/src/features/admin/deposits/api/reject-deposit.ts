import { depositDecisionResponseSchema, type RejectDepositBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterDecision } from './invalidate';

export function rejectDeposit({ id, reason }: { id: string } & RejectDepositBody) {
  return api.post(
    `/admin/deposits/${encodeURIComponent(id)}/reject`,
    { reason },
    { schema: depositDecisionResponseSchema },
  );
}

export function useRejectDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDeposit,
    onSettled: () => invalidateAfterDecision(queryClient),
  });
}
