import { messageResponseSchema, type SubscriptionDaysBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

/** Negative days remove time (spec §5). */
export function changeSubscriptionDays({
  subscriptionId,
  days,
}: { subscriptionId: string } & SubscriptionDaysBody) {
  return api.patch(
    `/users/subscriptions/${encodeURIComponent(subscriptionId)}/days`,
    { days },
    { schema: messageResponseSchema },
  );
}

export function useChangeSubscriptionDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriptionDays,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
