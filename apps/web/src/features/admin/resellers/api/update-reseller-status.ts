import { messageResponseSchema, type UserStatusBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterResellerChange } from './invalidate';

/** Banir (`banned`, which also ends the reseller's sessions) or Desbanir (`active`). */
export function updateResellerStatus({ id, status }: { id: string } & UserStatusBody) {
  return api.patch(
    `/users/${encodeURIComponent(id)}/status`,
    { status },
    { schema: messageResponseSchema },
  );
}

export function useUpdateResellerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResellerStatus,
    onSuccess: () => invalidateAfterResellerChange(queryClient),
  });
}
