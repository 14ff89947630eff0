import type { AdminTicketsQuery } from '@chaveiro/contract';

export type AdminTicketsListQuery = Partial<AdminTicketsQuery>;

export const adminTicketsQueryKeys = {
  all: ['admin', 'support', 'tickets'] as const,
  list: (query: AdminTicketsListQuery) => ['admin', 'support', 'tickets', 'list', query] as const,
  detail: (id: string) => ['admin', 'support', 'tickets', 'detail', id] as const,
};
