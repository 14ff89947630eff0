import type { WebhookEndpoint } from '@chaveiro/contract';
import { toast } from 'sonner';
import { useSendWebhookTest } from '../api/send-webhook-test';

/** "Enviar teste" as a plain call: the server queues a `webhook.test` delivery. */
export function useSendTest() {
  const send = useSendWebhookTest();
  return {
    pending: send.isPending,
    send: (endpoint: WebhookEndpoint) =>
      send.mutate(endpoint.id, { onSuccess: (response) => toast.success(response.message) }),
  };
}
