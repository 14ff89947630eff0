import { clientsResponseSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Client accounts (at most 50, filtered by the start of the username on the server). */
export function getClients(q: string, signal?: AbortSignal) {
  return api.get('/users/clients', { query: { q }, schema: clientsResponseSchema, signal });
}

export function clientsQueryOptions(q: string) {
  return queryOptions({
    queryKey: queryKeys.users.clients(q),
    queryFn: ({ signal }) => getClients(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClients(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...clientsQueryOptions(q), enabled });
}
