import { messageResponseSchema, type RequeueDeliveryBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function requeueDelivery(body: RequeueDeliveryBody) {
  return api.post('/admin/outbox/dead/requeue', body, { schema: messageResponseSchema });
}

/** "Reprocessar": the list is read again (the delivery leaves it), as is the activity log. */
export function useRequeueDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requeueDelivery,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.deadDeliveries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
      ]),
  });
}
