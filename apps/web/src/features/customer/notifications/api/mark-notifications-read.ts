import type { MarkNotificationsReadBody, NotificationsPage } from '@chaveiro/contract';
import { markNotificationsReadResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function markNotificationsRead(body: MarkNotificationsReadBody) {
  return api.post('/notifications/read', body, { schema: markNotificationsReadResponseSchema });
}

/**
 * Marks some or all notifications read. The bell shows it at once (optimistically); the server's
 * unread count then replaces the local guess.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const update = (change: (page: NotificationsPage) => NotificationsPage) =>
    queryClient.setQueryData<NotificationsPage>(queryKeys.client.notifications, (page) =>
      page ? change(page) : page,
    );
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.client.notifications });
      const marked = (id: string) => 'all' in body || body.ids.includes(id);
      update((page) => {
        const newlyRead = page.items.filter((item) => !item.read && marked(item.id)).length;
        return {
          ...page,
          items: page.items.map((item) => (marked(item.id) ? { ...item, read: true } : item)),
          unreadCount: 'all' in body ? 0 : Math.max(0, page.unreadCount - newlyRead),
        };
      });
    },
    onSuccess: ({ unreadCount }) => update((page) => ({ ...page, unreadCount })),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.notifications }),
  });
}
