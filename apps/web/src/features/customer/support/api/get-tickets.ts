import { ticketsPageSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketsQueryKeys, type TicketsListQuery } from './query-keys';

export function getTickets(query: TicketsListQuery, signal?: AbortSignal) {
  return api.get('/support/tickets', { query, schema: ticketsPageSchema, signal });
}

export function ticketsQueryOptions(query: TicketsListQuery) {
  return queryOptions({
    queryKey: ticketsQueryKeys.list(query),
    queryFn: ({ signal }) => getTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The caller's own tickets, newest activity first. */
export function useTickets(query: TicketsListQuery) {
  return useQuery(ticketsQueryOptions(query));
}
