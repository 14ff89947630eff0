import { customerRedeemedKeysPageSchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { customerSectionQueryOptions, type CustomerSectionQuery } from './customer-section-query';

/** `GET /users/:id/redeemed-keys` of the customer page. */
export function useCustomerRedeemedKeys(userId: string, query: CustomerSectionQuery) {
  return useQuery(
    customerSectionQueryOptions('redeemed-keys', customerRedeemedKeysPageSchema, userId, query),
  );
}
