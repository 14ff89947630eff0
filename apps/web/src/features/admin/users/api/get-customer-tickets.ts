import { ticketsPageSchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { customerSectionQueryOptions, type CustomerSectionQuery } from './customer-section-query';

/** `GET /users/:id/tickets` of the customer page. */
export function useCustomerTickets(userId: string, query: CustomerSectionQuery) {
  return useQuery(customerSectionQueryOptions('tickets', ticketsPageSchema, userId, query));
}
