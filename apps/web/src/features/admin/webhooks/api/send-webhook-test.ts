import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateWebhooks } from './invalidate';

/** `POST /api/admin/webhooks/:id/test`: queues a `webhook.test` delivery to this endpoint. */
export function sendWebhookTest(id: string) {
  return api.post(`/admin/webhooks/${encodeURIComponent(id)}/test`, undefined, {
    schema: messageResponseSchema,
  });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
