import { customerOverviewSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Machines' online dots follow heartbeats: the page's head refreshes this often. */
const REFRESH_MS = 30_000;

export function getCustomerOverview(userId: string, signal?: AbortSignal) {
  return api.get(`/users/${encodeURIComponent(userId)}/overview`, {
    schema: customerOverviewSchema,
    signal,
  });
}

export function customerOverviewQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.users.overview(userId),
    queryFn: ({ signal }) => getCustomerOverview(userId, signal),
    refetchInterval: REFRESH_MS,
  });
}

export function useCustomerOverview(userId: string) {
  return useQuery(customerOverviewQueryOptions(userId));
}
