import { paymentSettingsSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getPaymentSettings({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/admin/payment-settings', { schema: paymentSettingsSchema, signal });
}

export const paymentSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.paymentSettings, queryFn: getPaymentSettings });

/** The PIX key and beneficiary shown in deposit instructions. */
export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
