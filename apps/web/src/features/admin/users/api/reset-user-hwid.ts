import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './invalidate-admin-data';

export function resetUserHwid(userId: string) {
  return api.patch(`/users/${encodeURIComponent(userId)}/hwid`, undefined, {
    schema: messageResponseSchema,
  });
}

export function useResetUserHwid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserHwid,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
