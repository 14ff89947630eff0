import { depositDecisionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterDecision } from './invalidate';

/**
 * The decisions taken with one confirmation: approve a manual PIX deposit (credits it; 409 when
 * it was already decided), cancel a pending Mercado Pago charge (there, then here; 502 when MP
 * does not confirm) or refund a paid one (debited from the balance).
 */
export type DepositAction = 'approve' | 'cancel' | 'refund';

export function postDepositAction(action: DepositAction, id: string) {
  return api.post(`/admin/deposits/${encodeURIComponent(id)}/${action}`, undefined, {
    schema: depositDecisionResponseSchema,
  });
}

export function useDepositAction(action: DepositAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => postDepositAction(action, id),
    // A 409 means someone else decided it: the list is read again either way.
    onSettled: () => invalidateAfterDecision(queryClient),
  });
}
