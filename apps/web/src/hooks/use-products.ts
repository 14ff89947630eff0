import { productsResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The catalogue (GET /api/products): the products screen and every admin product select. */
export function getProducts(signal?: AbortSignal) {
  return api.get('/products', { schema: productsResponseSchema, signal });
}

export function productsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.products,
    queryFn: ({ signal }) => getProducts(signal),
  });
}

export function useProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(), enabled });
}
