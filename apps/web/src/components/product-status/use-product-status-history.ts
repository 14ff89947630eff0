import { productStatusHistorySchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/products/:id/status-history`: the product's status periods, newest first. */
export function useProductStatusHistory(productId: string) {
  return useQuery({
    queryKey: queryKeys.productStatusHistory(productId),
    queryFn: ({ signal }) =>
      api.get(`/products/${encodeURIComponent(productId)}/status-history`, {
        schema: productStatusHistorySchema,
        signal,
      }),
  });
}
