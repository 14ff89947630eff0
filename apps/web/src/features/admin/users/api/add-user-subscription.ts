import { messageResponseSchema, type AddSubscriptionBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

export function addUserSubscription({ userId, ...body }: { userId: string } & AddSubscriptionBody) {
  return api.post(`/users/${encodeURIComponent(userId)}/subscriptions`, body, {
    schema: messageResponseSchema,
  });
}

export function useAddUserSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserSubscription,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
