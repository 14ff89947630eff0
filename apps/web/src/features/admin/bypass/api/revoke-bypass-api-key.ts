import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterBypassChange } from './invalidate';

export function revokeBypassApiKey(id: string) {
  return api.delete(`/bypass/api-keys/${encodeURIComponent(id)}`, {
    schema: messageResponseSchema,
  });
}

export function useRevokeBypassApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeBypassApiKey,
    onSuccess: () => invalidateAfterBypassChange(queryClient),
  });
}
