import { messageResponseSchema, type ProductStatus } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterProductChange } from './invalidate';

/** Desligar (`disabled`) or Ativar (`active`). */
export function updateProductStatus({ id, status }: { id: string; status: ProductStatus }) {
  return api.patch(
    `/products/${encodeURIComponent(id)}/status`,
    { status },
    { schema: messageResponseSchema },
  );
}

export function useUpdateProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProductStatus,
    onSuccess: () => invalidateAfterProductChange(queryClient),
  });
}
