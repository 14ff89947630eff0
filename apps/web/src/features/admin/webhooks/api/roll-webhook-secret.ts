import { webhookSecretResponseSchema } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/admin/webhooks/:id/secret`: a new signing secret, answered once; the old one dies. */
export function rollWebhookSecret(id: string) {
  return api.post(`/admin/webhooks/${encodeURIComponent(id)}/secret`, undefined, {
    schema: webhookSecretResponseSchema,
  });
}

export function useRollWebhookSecret() {
  return useMutation({ mutationFn: rollWebhookSecret });
}
