import { resellerPricingSchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The global reseller discount, for the product form's effective reseller price hint. */
export function useResellerPricing() {
  return useQuery({
    queryKey: queryKeys.resellerPricing,
    queryFn: ({ signal }) =>
      api.get('/settings/reseller-pricing', { schema: resellerPricingSchema, signal }),
  });
}
