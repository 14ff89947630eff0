import { ticketDetailSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getTicket(id: string, signal?: AbortSignal) {
  return api.get(`/support/tickets/${encodeURIComponent(id)}`, {
    schema: ticketDetailSchema,
    signal,
  });
}

export function ticketQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.client.tickets.detail(id),
    queryFn: ({ signal }) => getTicket(id, signal),
  });
}

/** One own ticket and its thread. */
export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
