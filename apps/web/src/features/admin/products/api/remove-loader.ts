import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterProductChange } from './invalidate';

/** `DELETE /api/products/{id}/loader`: customers can no longer download it. */
export function removeLoader({ id }: { id: string }) {
  return api.delete(`/products/${encodeURIComponent(id)}/loader`, {
    schema: messageResponseSchema,
  });
}

export function useRemoveLoader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLoader,
    onSuccess: () => invalidateAfterProductChange(queryClient),
  });
}
