import { orderReceiptSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often an order waiting for its PIX is read again. */
export const ORDER_POLL_MS = 3_000;

export function getOrder(id: string, signal?: AbortSignal) {
  return api.get(`/orders/${encodeURIComponent(id)}`, { schema: orderReceiptSchema, signal });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.client.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

/** One own order (the receipt's data); polled while it waits for its PIX when `watch`. */
export function useOrder(id: string, { watch = false }: { watch?: boolean } = {}) {
  return useQuery({
    ...orderQueryOptions(id),
    refetchInterval: (query) =>
      watch && query.state.data?.status === 'awaiting_payment' ? ORDER_POLL_MS : false,
  });
}
