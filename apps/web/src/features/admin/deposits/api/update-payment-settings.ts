import { paymentSettingsResponseSchema, type PaymentSettingsBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updatePaymentSettings(body: PaymentSettingsBody) {
  return api.patch('/admin/payment-settings', body, { schema: paymentSettingsResponseSchema });
}

export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentSettings,
    onSuccess: (answer) => {
      const { message: _message, ...saved } = answer;
      queryClient.setQueryData(queryKeys.admin.paymentSettings, saved);
    },
  });
}
