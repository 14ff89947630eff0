import { depositsPageSchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { customerSectionQueryOptions, type CustomerSectionQuery } from './customer-section-query';

/** `GET /users/:id/deposits` of the customer page. */
export function useCustomerDeposits(userId: string, query: CustomerSectionQuery) {
  return useQuery(customerSectionQueryOptions('deposits', depositsPageSchema, userId, query));
}
