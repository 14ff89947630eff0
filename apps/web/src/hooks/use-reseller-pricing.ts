import { resellerPricingSchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The global reseller discount: the settings card edits it, the product form's hint reads it. */
export function useResellerPricing() {
  return useQuery({
    queryKey: queryKeys.resellerPricing,
    queryFn: ({ signal }) =>
      api.get('/settings/reseller-pricing', { schema: resellerPricingSchema, signal }),
  });
}
