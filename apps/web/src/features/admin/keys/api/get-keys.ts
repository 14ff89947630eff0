import { keysPageSchema, type KeysQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Filters and sort of the key list, without paging (what the CSV export takes too). */
export type KeysSelection = Partial<Pick<KeysQuery, 'q' | 'status' | 'productId' | 'sort'>>;

/** Filters of the key list, as sent to `GET /api/keys`. */
export type KeysFilters = KeysSelection & { page: number; pageSize: number };

export function getKeys(filters: KeysFilters, signal?: AbortSignal) {
  return api.get('/keys', { query: { ...filters }, schema: keysPageSchema, signal });
}

/** `refetchInterval`: how often a live view refreshes the page (none by default). */
export function keysQueryOptions(filters: KeysFilters, refetchInterval?: number) {
  return queryOptions({
    queryKey: queryKeys.keys.list(filters),
    queryFn: ({ signal }) => getKeys(filters, signal),
    // Keeps the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useKeys(filters: KeysFilters, refetchInterval?: number) {
  return useQuery(keysQueryOptions(filters, refetchInterval));
}
