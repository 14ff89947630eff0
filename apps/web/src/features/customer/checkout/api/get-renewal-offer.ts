import { renewalOfferSchema } from '@chaveiro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRenewalOffer(subscriptionId: string, signal?: AbortSignal) {
  return api.get(`/shop/renewal/${encodeURIComponent(subscriptionId)}`, {
    schema: renewalOfferSchema,
    signal,
  });
}

/** What "Renovar" offers for one subscription: its product on sale and the plan last bought. */
export function useRenewalOffer(subscriptionId: string) {
  return useQuery({
    queryKey: queryKeys.client.renewal(subscriptionId),
    queryFn: ({ signal }) => getRenewalOffer(subscriptionId, signal),
    retry: false,
  });
}
