import { userSubscriptionsResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getUserSubscriptions(userId: string, signal?: AbortSignal) {
  return api.get(`/users/${encodeURIComponent(userId)}/subscriptions`, {
    schema: userSubscriptionsResponseSchema,
    signal,
  });
}

export function userSubscriptionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.users.subscriptions(userId),
    queryFn: ({ signal }) => getUserSubscriptions(userId, signal),
  });
}

export function useUserSubscriptions(userId: string) {
  return useQuery(userSubscriptionsQueryOptions(userId));
}
