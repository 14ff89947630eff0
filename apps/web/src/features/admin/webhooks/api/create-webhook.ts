import { webhookSecretResponseSchema, type CreateWebhookInput } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateWebhooks } from './invalidate';

/** `POST /api/admin/webhooks`: answers the signing secret, this once. */
export function createWebhook(body: CreateWebhookInput) {
  return api.post('/admin/webhooks', body, { schema: webhookSecretResponseSchema });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
