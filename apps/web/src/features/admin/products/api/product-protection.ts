import { productProtectionResponseSchema, type UpdateProductProtection } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function path(id: string) {
  return `/products/${encodeURIComponent(id)}/protection`;
}

export function updateProductProtection({
  id,
  body,
}: {
  id: string;
  body: UpdateProductProtection;
}) {
  return api.patch(path(id), body, { schema: productProtectionResponseSchema });
}

/** `PATCH /api/products/:id/protection`; the answer is the product's protection as saved. */
export function useUpdateProductProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProductProtection,
    // The catalogue carries each product's protection; the change is in the audit log.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
      ]);
    },
  });
}
