import { bypassUidsPageSchema, type BypassUidsPage } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Filters of the UID list, as sent to `GET /api/bypass/uids`. */
export interface BypassUidsFilters {
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/** A page of UIDs plus when it arrived: the countdown runs from that instant. */
export type BypassUidsSnapshot = BypassUidsPage & { receivedAt: number };

export async function getBypassUids(
  filters: BypassUidsFilters,
  signal?: AbortSignal,
): Promise<BypassUidsSnapshot> {
  const page = await api.get('/bypass/uids', {
    query: { ...filters },
    schema: bypassUidsPageSchema,
    signal,
  });
  return { ...page, receivedAt: Date.now() };
}

export function bypassUidsQueryOptions(filters: BypassUidsFilters) {
  return queryOptions({
    queryKey: queryKeys.bypass.uidList(filters),
    queryFn: ({ signal }) => getBypassUids(filters, signal),
    // Keeps the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useBypassUids(filters: BypassUidsFilters) {
  return useQuery(bypassUidsQueryOptions(filters));
}
