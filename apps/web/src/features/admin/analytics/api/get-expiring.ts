import { expiringResponseSchema, type ExpiringQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ANALYTICS_REFRESH_MS } from './get-analytics';

export function getExpiring(query: ExpiringQuery, signal?: AbortSignal) {
  return api.get('/analytics/expiring', {
    query: { ...query },
    schema: expiringResponseSchema,
    signal,
  });
}

export function expiringQueryOptions(query: ExpiringQuery) {
  return queryOptions({
    queryKey: queryKeys.analytics.expiring(query),
    queryFn: ({ signal }) => getExpiring(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ANALYTICS_REFRESH_MS,
  });
}

/** Running subscriptions ending in the next 7 days, soonest first, and the revenue at stake. */
export function useExpiring(query: ExpiringQuery) {
  return useQuery(expiringQueryOptions(query));
}
