import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterBypassChange } from './invalidate';

export function deleteBypassUid(uid: string) {
  return api.delete(`/bypass/uids/${encodeURIComponent(uid)}`, {
    schema: messageResponseSchema,
  });
}

export function useDeleteBypassUid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBypassUid,
    onSuccess: () => invalidateAfterBypassChange(queryClient),
  });
}
