import { keyInfoSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getKey(id: string, signal?: AbortSignal) {
  return api.get(`/keys/${encodeURIComponent(id)}`, { schema: keyInfoSchema, signal });
}

export function keyQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.keys.detail(id),
    queryFn: ({ signal }) => getKey(id, signal),
  });
}

export function useKey(id: string) {
  return useQuery(keyQueryOptions(id));
}
