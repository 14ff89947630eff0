import { deliveriesPageSchema, type DeliveriesQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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
