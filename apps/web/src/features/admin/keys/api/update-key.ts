import { messageResponseSchema, type UpdateKeyBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { invalidateAfterKeyChange } from './invalidate';

/** Reset Duration (`{ days }`) or Ban/Unban (`{ status }`) of an unused key. */
export function updateKey({ id, body }: { id: string; body: UpdateKeyBody }) {
  return api.patch(`/keys/${encodeURIComponent(id)}`, body, { schema: messageResponseSchema });
}

/** The toast is the hook's own: a ban under a status filter unmounts the row's menu first. */
export function useUpdateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKey,
    onSuccess: (response) => {
      toast.success(response.message);
      return invalidateAfterKeyChange(queryClient);
    },
  });
}
