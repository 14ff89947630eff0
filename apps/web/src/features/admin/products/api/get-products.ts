import { productsResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productsQueryKeys } from './query-keys';

export function getProducts(signal?: AbortSignal) {
  return api.get('/products', { schema: productsResponseSchema, signal });
}

export function productsQueryOptions() {
  return queryOptions({
    queryKey: productsQueryKeys.all,
    queryFn: ({ signal }) => getProducts(signal),
  });
}

/** Spec §7: the list is requested only when a token exists. */
export function useProducts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...productsQueryOptions(), enabled });
}
