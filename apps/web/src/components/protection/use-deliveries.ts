import { deliveriesPageSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The filters of `GET /api/deliveries`: one product's or one customer's copies, searched. */
// A type, not an interface: the API client's query takes any string-keyed object.
export type DeliveriesQuery = {
  productId?: string | undefined;
  userId?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
};

export function getDeliveries(query: DeliveriesQuery, signal?: AbortSignal) {
  return api.get('/deliveries', { query, schema: deliveriesPageSchema, signal });
}

export function deliveriesQueryOptions(query: DeliveriesQuery) {
  return queryOptions({
    queryKey: queryKeys.deliveries.list(query),
    queryFn: ({ signal }) => getDeliveries(query, signal),
    // A new search or page keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

/** Delivered copies of product files ("Rastrear vazamento" and the customer page). */
export function useDeliveries(query: DeliveriesQuery) {
  return useQuery(deliveriesQueryOptions(query));
}
