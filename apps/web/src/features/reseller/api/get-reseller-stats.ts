import { resellerStatsSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Redemptions happen elsewhere; the cards catch up this often while the screen is open. */
export const RESELLER_REFRESH_MS = 30_000;

export function getResellerStats(signal?: AbortSignal) {
  return api.get('/reseller/stats', { schema: resellerStatsSchema, signal });
}

export const resellerStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reseller.stats,
    queryFn: ({ signal }) => getResellerStats(signal),
    refetchInterval: RESELLER_REFRESH_MS,
  });

/** Balance, keys sold, redeemed and remaining, spent this month. */
export function useResellerStats() {
  return useQuery(resellerStatsQueryOptions());
}
