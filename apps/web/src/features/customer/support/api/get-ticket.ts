import { ticketDetailSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketsQueryKeys } from './query-keys';

export function getTicket(id: string, signal?: AbortSignal) {
  return api.get(`/support/tickets/${encodeURIComponent(id)}`, {
    schema: ticketDetailSchema,
    signal,
  });
}

export function ticketQueryOptions(id: string) {
  return queryOptions({
    queryKey: ticketsQueryKeys.detail(id),
    queryFn: ({ signal }) => getTicket(id, signal),
  });
}

/** One own ticket and its thread. */
export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
