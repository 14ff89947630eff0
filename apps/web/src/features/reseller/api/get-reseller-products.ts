import { resellerProductsResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getResellerProducts(signal?: AbortSignal) {
  return api.get('/reseller/products', { schema: resellerProductsResponseSchema, signal });
}

export const resellerProductsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reseller.products,
    queryFn: ({ signal }) => getResellerProducts(signal),
  });

/** Active products with the price per key of each plan. */
export function useResellerProducts() {
  return useQuery(resellerProductsQueryOptions());
}
