import { ticketsPageSchema, type TicketsQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type TicketsListQuery = Partial<TicketsQuery>;

export function getTickets(query: TicketsListQuery, signal?: AbortSignal) {
  return api.get('/support/tickets', { query, schema: ticketsPageSchema, signal });
}

export function ticketsQueryOptions(query: TicketsListQuery) {
  return queryOptions({
    queryKey: queryKeys.client.tickets.list(query),
    queryFn: ({ signal }) => getTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The caller's own tickets, newest activity first. */
export function useTickets(query: TicketsListQuery) {
  return useQuery(ticketsQueryOptions(query));
}
