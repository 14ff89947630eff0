import { productSavedResponseSchema, type ProductBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterProductChange } from './invalidate';

/** `POST /api/products`, or `PUT /api/products/{id}` when editing. */
export function saveProduct({ id, body }: { id?: string; body: ProductBody }) {
  return id
    ? api.put(`/products/${encodeURIComponent(id)}`, body, { schema: productSavedResponseSchema })
    : api.post('/products', body, { schema: productSavedResponseSchema });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => invalidateAfterProductChange(queryClient),
  });
}
