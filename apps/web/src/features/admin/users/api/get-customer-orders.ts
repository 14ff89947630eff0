import { ordersPageSchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { customerSectionQueryOptions, type CustomerSectionQuery } from './customer-section-query';

/** `GET /users/:id/orders` of the customer page. */
export function useCustomerOrders(userId: string, query: CustomerSectionQuery) {
  return useQuery(customerSectionQueryOptions('orders', ordersPageSchema, userId, query));
}
