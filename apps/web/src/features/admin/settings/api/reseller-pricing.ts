import {
  resellerPricingResponseSchema,
  type ResellerPricing,
  type ResellerPricingBody,
} from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/settings/reseller-pricing`; the answer carries the saved discount. */
export function useUpdateResellerPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResellerPricingBody) =>
      api.put('/settings/reseller-pricing', body, { schema: resellerPricingResponseSchema }),
    onSuccess: ({ discountPercent }) => {
      queryClient.setQueryData<ResellerPricing>(queryKeys.resellerPricing, { discountPercent });
      return queryClient.invalidateQueries({ queryKey: queryKeys.activity.all });
    },
  });
}
