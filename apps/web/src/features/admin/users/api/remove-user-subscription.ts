import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

export function removeUserSubscription(subscriptionId: string) {
  return api.delete(`/users/subscriptions/${encodeURIComponent(subscriptionId)}`, {
    schema: messageResponseSchema,
  });
}

export function useRemoveUserSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUserSubscription,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
