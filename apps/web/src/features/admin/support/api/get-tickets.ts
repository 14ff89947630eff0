import { adminTicketsPageSchema, type AdminTicketsQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AdminTicketsListQuery = Partial<AdminTicketsQuery>;

export function getAdminTickets(query: AdminTicketsListQuery, signal?: AbortSignal) {
  return api.get('/admin/support/tickets', { query, schema: adminTicketsPageSchema, signal });
}

export function adminTicketsQueryOptions(query: AdminTicketsListQuery) {
  return queryOptions({
    queryKey: queryKeys.admin.tickets.list(query),
    queryFn: ({ signal }) => getAdminTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every ticket, newest activity first; filtered by status and searched. */
export function useAdminTickets(query: AdminTicketsListQuery) {
  return useQuery(adminTicketsQueryOptions(query));
}
