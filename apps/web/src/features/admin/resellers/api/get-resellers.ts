import { resellersPageSchema, type ResellersQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ResellersListQuery = Partial<ResellersQuery>;

export function getResellers(query: ResellersListQuery, signal?: AbortSignal) {
  return api.get('/resellers', { query, schema: resellersPageSchema, signal });
}

export function resellersQueryOptions(query: ResellersListQuery) {
  return queryOptions({
    queryKey: queryKeys.resellers.list(query),
    queryFn: ({ signal }) => getResellers(query, signal),
    // A new search or page keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useResellers(query: ResellersListQuery) {
  return useQuery(resellersQueryOptions(query));
}
