import { messageResponseSchema, type AccountBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterResellerChange } from './invalidate';

/** The edit dialog sends username and e-mail, and the password only when one was typed. */
export function updateResellerAccount({ id, ...body }: { id: string } & AccountBody) {
  return api.patch(`/users/${encodeURIComponent(id)}/account`, body, {
    schema: messageResponseSchema,
  });
}

export function useUpdateResellerAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResellerAccount,
    onSuccess: () => invalidateAfterResellerChange(queryClient),
  });
}
