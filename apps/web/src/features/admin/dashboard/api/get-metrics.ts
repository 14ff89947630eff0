import { metricsResponseSchema, TIMING } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMetrics(signal?: AbortSignal) {
  return api.get('/dashboard/metrics', { schema: metricsResponseSchema, signal });
}

export function metricsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.metrics,
    queryFn: ({ signal }) => getMetrics(signal),
    // Spec §7: polled every second; the last figures stay on screen between answers.
    refetchInterval: TIMING.metricsPollMs,
    placeholderData: keepPreviousData,
  });
}

export function useMetrics() {
  return useQuery(metricsQueryOptions());
}
