import { productVariablesResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/products/:id/variables`: every variable (at most the limit it answers), by name. */
export function getProductVariables(productId: string, signal?: AbortSignal) {
  return api.get(`/products/${encodeURIComponent(productId)}/variables`, {
    schema: productVariablesResponseSchema,
    signal,
  });
}

export function productVariablesQueryOptions(productId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.keyauth.variables(productId),
    queryFn: ({ signal }) => getProductVariables(productId, signal),
  });
}

export function useProductVariables(productId: string) {
  return useQuery(productVariablesQueryOptions(productId));
}
