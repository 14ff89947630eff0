import type { TicketsQuery } from '@chaveiro/contract';

export type TicketsListQuery = Partial<TicketsQuery>;

export const ticketsQueryKeys = {
  all: ['support', 'tickets'] as const,
  list: (query: TicketsListQuery) => ['support', 'tickets', 'list', query] as const,
  detail: (id: string) => ['support', 'tickets', 'detail', id] as const,
};
