import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/products/:id/variables/:name`. */
export function deleteProductVariable({ productId, name }: { productId: string; name: string }) {
  return api.delete(
    `/products/${encodeURIComponent(productId)}/variables/${encodeURIComponent(name)}`,
    { schema: messageResponseSchema },
  );
}

export function useDeleteProductVariable(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductVariable,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.keyauth.variables(productId) }),
  });
}
