import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterProductChange } from './invalidate';

/**
 * Deletes a product. The server answers 409 while subscriptions or unused keys exist; `cascade`
 * deletes those too.
 */
export function deleteProduct({ id, cascade }: { id: string; cascade: boolean }) {
  return api.delete(`/products/${encodeURIComponent(id)}`, {
    query: cascade ? { cascade: 'true' } : undefined,
    schema: messageResponseSchema,
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // The dialog turns the 409 into its "excluir tudo" step instead of a toast.
    meta: { errorToast: false },
    onSuccess: () => invalidateAfterProductChange(queryClient),
  });
}
