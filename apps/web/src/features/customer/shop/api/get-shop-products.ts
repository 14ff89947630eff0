import { shopProductsResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getShopProducts({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/shop/products', { schema: shopProductsResponseSchema, signal });
}

export const shopProductsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.client.shopProducts, queryFn: getShopProducts });

/** Products on sale with their priced plans, and until when the user already holds each. */
export function useShopProducts() {
  return useQuery(shopProductsQueryOptions());
}
