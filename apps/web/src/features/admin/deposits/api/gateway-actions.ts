import { depositActionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterDecision } from './invalidate';

/** Cancels a pending Mercado Pago charge (there, then here); 502 when MP does not confirm. */
export function cancelCharge(id: string) {
  return api.post(`/admin/deposits/${encodeURIComponent(id)}/cancel`, undefined, {
    schema: depositActionResponseSchema,
  });
}

/** Refunds a paid Mercado Pago deposit and debits it from the balance. */
export function refundDeposit(id: string) {
  return api.post(`/admin/deposits/${encodeURIComponent(id)}/refund`, undefined, {
    schema: depositActionResponseSchema,
  });
}

export function useGatewayAction(kind: 'cancel' | 'refund') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kind === 'cancel' ? cancelCharge : refundDeposit,
    onSettled: () => invalidateAfterDecision(queryClient),
  });
}
