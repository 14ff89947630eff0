import { productsResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { keysQueryKeys } from './query-keys';

/** The catalogue for the product selects (same call and cache entry as the products screen). */
export function getProductOptions(signal?: AbortSignal) {
  return api.get('/products', { schema: productsResponseSchema, signal });
}

export function productOptionsQueryOptions() {
  return queryOptions({
    queryKey: keysQueryKeys.productOptions,
    queryFn: ({ signal }) => getProductOptions(signal),
  });
}

export function useProductOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productOptionsQueryOptions(), enabled });
}
