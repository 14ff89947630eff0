import { bulkResponseSchema, type UsersBulkBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

/** Ban, unban or delete the selected users (ids) or every user matching the filters. */
export function bulkUsers(body: UsersBulkBody) {
  return api.post('/users/bulk', body, { schema: bulkResponseSchema });
}

export function useBulkUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUsers,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
