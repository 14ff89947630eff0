import { apiTokensPageSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ApiTokensQuery {
  page: number;
  pageSize: number;
}

/** `GET /api/api-tokens`: the signed-in admin's or reseller's own tokens, newest first. */
export function getApiTokens(query: ApiTokensQuery, signal?: AbortSignal) {
  return api.get('/api-tokens', { query: { ...query }, schema: apiTokensPageSchema, signal });
}

export function apiTokensQueryOptions(query: ApiTokensQuery) {
  return queryOptions({
    queryKey: queryKeys.apiTokens.list(query),
    queryFn: ({ signal }) => getApiTokens(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApiTokens(query: ApiTokensQuery) {
  return useQuery(apiTokensQueryOptions(query));
}
