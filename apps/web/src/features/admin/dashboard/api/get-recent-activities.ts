import { recentActivitiesResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_REFRESH_MS } from '../refresh';
import { queryKeys } from '@/lib/query-keys';

export function getRecentActivities(signal?: AbortSignal) {
  return api.get('/dashboard/recent-activities', {
    schema: recentActivitiesResponseSchema,
    signal,
  });
}

export function recentActivitiesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.recentActivities,
    queryFn: ({ signal }) => getRecentActivities(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useRecentActivities() {
  return useQuery(recentActivitiesQueryOptions());
}
