import { resellerKeysPageSchema, type ResellerKeysExportQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { RESELLER_REFRESH_MS } from './get-reseller-stats';
import { queryKeys } from '@/lib/query-keys';

/** Filters of the reseller's key list, as sent to `GET /api/reseller/keys`. */
export type ResellerKeysFilters = ResellerKeysExportQuery & { page: number; pageSize: number };

export function getResellerKeys(filters: ResellerKeysFilters, signal?: AbortSignal) {
  return api.get('/reseller/keys', {
    query: { ...filters },
    schema: resellerKeysPageSchema,
    signal,
  });
}

export function resellerKeysQueryOptions(filters: ResellerKeysFilters) {
  return queryOptions({
    queryKey: queryKeys.reseller.keys(filters),
    queryFn: ({ signal }) => getResellerKeys(filters, signal),
    // Keeps the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
    refetchInterval: RESELLER_REFRESH_MS,
  });
}

/** One page of the reseller's own keys, newest first. */
export function useResellerKeys(filters: ResellerKeysFilters) {
  return useQuery(resellerKeysQueryOptions(filters));
}
