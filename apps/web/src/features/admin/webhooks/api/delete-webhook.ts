import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateWebhooks } from './invalidate';

/** `DELETE /api/admin/webhooks/:id`: the endpoint and its delivery log. */
export function deleteWebhook(id: string) {
  return api.delete(`/admin/webhooks/${encodeURIComponent(id)}`, { schema: messageResponseSchema });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
