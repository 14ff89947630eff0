import { notificationsPageSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many of the newest notifications the bell's popover lists. */
export const BELL_PAGE_SIZE = 20;
/** The bell checks for new notifications this often (and when the window regains focus). */
export const BELL_POLL_MS = 30_000;

export function getNotifications(signal?: AbortSignal) {
  return api.get('/notifications', {
    query: { pageSize: BELL_PAGE_SIZE },
    schema: notificationsPageSchema,
    signal,
  });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.client.notifications,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: BELL_POLL_MS,
    refetchOnWindowFocus: true,
  });

/** The newest notifications and the unread count of the header bell. */
export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
