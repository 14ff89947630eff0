import { adminDepositsPageSchema, type AdminDepositsQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type DepositsListQuery = Partial<AdminDepositsQuery>;

/** New deposits arrive while the admin works through the list. */
const LIST_POLL_MS = 30_000;

export function getDeposits(query: DepositsListQuery, signal?: AbortSignal) {
  return api.get('/admin/deposits', { query, schema: adminDepositsPageSchema, signal });
}

export function depositsQueryOptions(query: DepositsListQuery) {
  return queryOptions({
    queryKey: queryKeys.admin.deposits.list(query),
    queryFn: ({ signal }) => getDeposits(query, signal),
    // A new filter, search or page keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

export function useDeposits(query: DepositsListQuery) {
  return useQuery(depositsQueryOptions(query));
}
