import { hwidBlacklistPageSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface BlacklistPageQuery {
  page: number;
  pageSize: number;
}

/** `GET /api/products/:id/hwid-blacklist?page=&pageSize=`: blocked HWIDs, newest first. */
export function getHwidBlacklist(
  productId: string,
  query: BlacklistPageQuery,
  signal?: AbortSignal,
) {
  return api.get(`/products/${encodeURIComponent(productId)}/hwid-blacklist`, {
    query: { ...query },
    schema: hwidBlacklistPageSchema,
    signal,
  });
}

export function hwidBlacklistQueryOptions(productId: string, query: BlacklistPageQuery) {
  return queryOptions({
    queryKey: queryKeys.admin.keyauth.blacklist(productId, query),
    queryFn: ({ signal }) => getHwidBlacklist(productId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHwidBlacklist(productId: string, query: BlacklistPageQuery) {
  return useQuery(hwidBlacklistQueryOptions(productId, query));
}
