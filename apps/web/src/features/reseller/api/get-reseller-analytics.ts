import { resellerAnalyticsResponseSchema, type AnalyticsQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { RESELLER_REFRESH_MS } from './get-reseller-stats';

export function getResellerAnalytics(query: AnalyticsQuery, signal?: AbortSignal) {
  return api.get('/reseller/analytics', {
    query: { ...query },
    schema: resellerAnalyticsResponseSchema,
    signal,
  });
}

export const resellerAnalyticsQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: queryKeys.reseller.analytics(query),
    queryFn: ({ signal }) => getResellerAnalytics(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RESELLER_REFRESH_MS,
  });

/** The reseller's own keys over a period: per day, totals against the previous period, per product. */
export function useResellerAnalytics(query: AnalyticsQuery) {
  return useQuery(resellerAnalyticsQueryOptions(query));
}
