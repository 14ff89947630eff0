import { productProtectionResponseSchema, type UpdateProductProtection } from '@chaveiro/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function path(id: string) {
  return `/products/${encodeURIComponent(id)}/protection`;
}

export function getProductProtection(id: string, signal?: AbortSignal) {
  return api.get(path(id), { schema: productProtectionResponseSchema, signal });
}

export function productProtectionQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.productProtection(id),
    queryFn: ({ signal }) => getProductProtection(id, signal),
  });
}

/** `GET /api/products/:id/protection`: what the "Proteção" dialog starts from. */
export function useProductProtection(id: string) {
  return useQuery(productProtectionQueryOptions(id));
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
    onSuccess: async (answer, { id }) => {
      queryClient.setQueryData(queryKeys.productProtection(id), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
      ]);
    },
  });
}
