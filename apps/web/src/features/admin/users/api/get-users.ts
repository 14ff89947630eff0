import { usersPageSchema, type UsersQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type UsersListQuery = Partial<UsersQuery>;

export function getUsers(query: UsersListQuery, signal?: AbortSignal) {
  return api.get('/users', { query, schema: usersPageSchema, signal });
}

/** `refetchInterval`: how often a live view refreshes the page (none by default). */
export function usersQueryOptions(query: UsersListQuery, refetchInterval?: number) {
  return queryOptions({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // A new search or page keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useUsers(query: UsersListQuery, refetchInterval?: number) {
  return useQuery(usersQueryOptions(query, refetchInterval));
}
