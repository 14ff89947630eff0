import { bypassApiKeysPageSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getBypassApiKeys(page: number, pageSize: number, signal?: AbortSignal) {
  return api.get('/bypass/api-keys', {
    query: { page, pageSize },
    schema: bypassApiKeysPageSchema,
    signal,
  });
}

export function bypassApiKeysQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: queryKeys.bypass.apiKeyList(page, pageSize),
    queryFn: ({ signal }) => getBypassApiKeys(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBypassApiKeys(page: number, pageSize: number) {
  return useQuery(bypassApiKeysQueryOptions(page, pageSize));
}
