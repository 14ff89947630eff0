import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateWebhooks } from './invalidate';

/** `POST /api/admin/webhooks/deliveries/:deliveryId/resend`: sends the same event again. */
export function resendWebhookDelivery(deliveryId: string) {
  return api.post(
    `/admin/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    undefined,
    { schema: messageResponseSchema },
  );
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
