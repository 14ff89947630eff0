import { ordersPageSchema, type OrdersQuery } from '@chaveiro/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getOrders(query: OrdersQuery, signal?: AbortSignal) {
  return api.get('/orders', { query, schema: ordersPageSchema, signal });
}

/** The caller's orders and plain deposits, newest first, one page. */
export function useOrders(query: OrdersQuery) {
  return useQuery({
    queryKey: queryKeys.client.orders.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}
