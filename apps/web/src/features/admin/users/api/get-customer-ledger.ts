import { ledgerPageSchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { customerSectionQueryOptions, type CustomerSectionQuery } from './customer-section-query';

/** `GET /users/:id/ledger` of the customer page. */
export function useCustomerLedger(userId: string, query: CustomerSectionQuery) {
  return useQuery(customerSectionQueryOptions('ledger', ledgerPageSchema, userId, query));
}
