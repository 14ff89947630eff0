import { productsResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The product select of the create form and the manage dialog (GET /api/products). */
export function getProducts(signal?: AbortSignal) {
  return api.get('/products', { schema: productsResponseSchema, signal });
}

export function productsQueryOptions() {
  return queryOptions({
    queryKey: ['products'],
    queryFn: ({ signal }) => getProducts(signal),
  });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
