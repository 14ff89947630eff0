import { webhookEndpointResponseSchema, type UpdateWebhookBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksQueryOptions } from './get-webhooks';
import { invalidateWebhooks } from './invalidate';

/** `PATCH /api/admin/webhooks/:id`: URL, description, events or the enabled switch. */
export function updateWebhook({ id, body }: { id: string; body: UpdateWebhookBody }) {
  return api.patch(`/admin/webhooks/${encodeURIComponent(id)}`, body, {
    schema: webhookEndpointResponseSchema,
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    // The answer is the endpoint as saved: shown at once (no switch flicking back meanwhile).
    onSuccess: ({ endpoint }) =>
      queryClient.setQueryData(webhooksQueryOptions().queryKey, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) => (item.id === endpoint.id ? endpoint : item)),
            }
          : page,
      ),
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
