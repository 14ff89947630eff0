import { messageResponseSchema, type SubscriptionStatus } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SetSubscriptionStatusInput {
  subscriptionId: string;
  status: SubscriptionStatus;
}

export function setSubscriptionStatus({ subscriptionId, status }: SetSubscriptionStatusInput) {
  return api.patch(
    `/client/subscriptions/${encodeURIComponent(subscriptionId)}/status`,
    { status },
    { schema: messageResponseSchema },
  );
}

export function useSetSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubscriptionStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
  });
}
