import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterKeyChange } from './invalidate';

export function deleteKey(id: string) {
  return api.delete(`/keys/${encodeURIComponent(id)}`, { schema: messageResponseSchema });
}

export function useDeleteKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKey,
    onSuccess: () => invalidateAfterKeyChange(queryClient),
  });
}
