import { massActionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAllData } from './refresh-all-data';

/** Deletes every non-admin account with its subscriptions; the answer says how many. */
export function deleteAllUsers() {
  return api.post('/admin-actions/delete-all-users', undefined, {
    schema: massActionResponseSchema,
  });
}

export function useDeleteAllUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllUsers,
    onSuccess: () => refreshAllData(queryClient),
  });
}
