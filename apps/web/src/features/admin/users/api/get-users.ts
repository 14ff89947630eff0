import { usersPageSchema, type UsersQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type UsersListQuery = Partial<UsersQuery>;

/** Every cached page of users sits under this key, so one invalidation refreshes them all. */
export const usersQueryKey = ['users'] as const;

export function getUsers(query: UsersListQuery, signal?: AbortSignal) {
  return api.get('/users', { query, schema: usersPageSchema, signal });
}

/** `refetchInterval`: how often a live view refreshes the page (none by default). */
export function usersQueryOptions(query: UsersListQuery, refetchInterval?: number) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'list', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    // A new search or page keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useUsers(query: UsersListQuery, refetchInterval?: number) {
  return useQuery(usersQueryOptions(query, refetchInterval));
}
