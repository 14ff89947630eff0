import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterKeyChange } from './invalidate';

export function linkKey({ id, userId }: { id: string; userId: string }) {
  return api.post(
    `/keys/${encodeURIComponent(id)}/link`,
    { userId },
    { schema: messageResponseSchema },
  );
}

export function useLinkKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkKey,
    onSuccess: () => invalidateAfterKeyChange(queryClient),
  });
}
