import { messageResponseSchema, type CreateBypassUidInput } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterBypassChange } from './invalidate';

/** `POST /api/bypass/uids`: uid, duration in hours, optional nickname and region. */
export function createBypassUid(body: CreateBypassUidInput) {
  return api.post('/bypass/uids', body, { schema: messageResponseSchema });
}

export function useCreateBypassUid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBypassUid,
    onSuccess: () => invalidateAfterBypassChange(queryClient),
  });
}
