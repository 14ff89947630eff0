import { messageResponseSchema, type UpdateKeyBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterKeyChange } from './invalidate';

/** Reset Duration (`{ days }`) or Ban/Unban (`{ status }`) of an unused key. */
export function updateKey({ id, body }: { id: string; body: UpdateKeyBody }) {
  return api.patch(`/keys/${encodeURIComponent(id)}`, body, { schema: messageResponseSchema });
}

export function useUpdateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKey,
    onSuccess: () => invalidateAfterKeyChange(queryClient),
  });
}
