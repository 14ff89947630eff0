import { adminTicketDetailSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getAdminTicket(id: string, signal?: AbortSignal) {
  return api.get(`/admin/support/tickets/${encodeURIComponent(id)}`, {
    schema: adminTicketDetailSchema,
    signal,
  });
}

export function adminTicketQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.admin.tickets.detail(id),
    queryFn: ({ signal }) => getAdminTicket(id, signal),
  });
}

/** One ticket with its owner and the whole thread. */
export function useAdminTicket(id: string) {
  return useQuery(adminTicketQueryOptions(id));
}
