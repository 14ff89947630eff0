import {
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  type NotificationPreferencesBody,
} from '@chaveiro/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getNotificationPreferences() {
  return api.get('/notifications/preferences', { schema: notificationPreferencesSchema });
}

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: queryKeys.client.notificationPreferences,
  queryFn: getNotificationPreferences,
});

/** Perfil › E-mails: which optional e-mails the account receives. */
export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}

export function updateNotificationPreferences(body: NotificationPreferencesBody) {
  return api.put('/notifications/preferences', body, {
    schema: notificationPreferencesResponseSchema,
  });
}

/** The answer is the saved choice: the cache takes it at once. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: ({ productStatusMail }) =>
      queryClient.setQueryData(queryKeys.client.notificationPreferences, { productStatusMail }),
  });
}
