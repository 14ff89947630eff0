import { ADMIN_SEARCH, adminSearchResponseSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function adminSearch(q: string, signal?: AbortSignal) {
  return api.get(`/admin/search?q=${encodeURIComponent(q)}`, {
    schema: adminSearchResponseSchema,
    signal,
  });
}

export function adminSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: queryKeys.admin.search(q),
    queryFn: ({ signal }) => adminSearch(q, signal),
    enabled: q.length >= ADMIN_SEARCH.minChars,
    staleTime: 30_000,
    // The previous results stay while the next ones load, so the list does not flicker.
    placeholderData: keepPreviousData,
  });
}

/** Users, keys and products matching `q` (already trimmed and debounced), 5 of each at most. */
export function useAdminSearch(q: string) {
  return useQuery(adminSearchQueryOptions(q));
}
