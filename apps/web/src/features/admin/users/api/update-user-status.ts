import { messageResponseSchema, type UserStatusBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

export function updateUserStatus({ userId, status }: { userId: string } & UserStatusBody) {
  return api.patch(
    `/users/${encodeURIComponent(userId)}/status`,
    { status },
    { schema: messageResponseSchema },
  );
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
