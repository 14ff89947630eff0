import { clientsResponseSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { keysQueryKeys } from './query-keys';

export function getClients(q: string, signal?: AbortSignal) {
  return api.get('/users/clients', { query: { q }, schema: clientsResponseSchema, signal });
}

export function clientsQueryOptions(q: string) {
  return queryOptions({
    queryKey: keysQueryKeys.clients(q),
    queryFn: ({ signal }) => getClients(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClients(q: string, enabled = true) {
  return useQuery({ ...clientsQueryOptions(q), enabled });
}
