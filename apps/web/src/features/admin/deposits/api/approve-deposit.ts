import { depositDecisionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterDecision } from './invalidate';

/** Credits the deposit to its owner; 409 when it was already decided. */
export function approveDeposit(id: string) {
  return api.post(`/admin/deposits/${encodeURIComponent(id)}/approve`, undefined, {
    schema: depositDecisionResponseSchema,
  });
}

export function useApproveDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDeposit,
    // A 409 means someone else decided it: the list is read again either way.
    onSettled: () => invalidateAfterDecision(queryClient),
  });
}
