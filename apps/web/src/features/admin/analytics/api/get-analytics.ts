import { analyticsResponseSchema, type AnalyticsQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Rollups move once a minute at most (the sampler); a minute's refresh keeps the charts current. */
export const ANALYTICS_REFRESH_MS = 60_000;

export function getAnalytics(query: AnalyticsQuery, signal?: AbortSignal) {
  return api.get('/analytics', { query: { ...query }, schema: analyticsResponseSchema, signal });
}

export function analyticsQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: queryKeys.analytics.range(query),
    queryFn: ({ signal }) => getAnalytics(query, signal),
    // A new period keeps the previous charts on screen (faded) until its numbers arrive.
    placeholderData: keepPreviousData,
    refetchInterval: ANALYTICS_REFRESH_MS,
  });
}

/** Series, totals against the previous period, baseline, products, resellers, last 24 h online. */
export function useAnalytics(query: AnalyticsQuery) {
  return useQuery(analyticsQueryOptions(query));
}
