import { productVariableSavedResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/products/:id/variables/:name`: creates the variable or replaces its value. */
export function saveProductVariable({
  productId,
  name,
  value,
}: {
  productId: string;
  name: string;
  value: string;
}) {
  return api.put(
    `/products/${encodeURIComponent(productId)}/variables/${encodeURIComponent(name)}`,
    { value },
    { schema: productVariableSavedResponseSchema },
  );
}

export function useSaveProductVariable(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProductVariable,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.keyauth.variables(productId) }),
  });
}
