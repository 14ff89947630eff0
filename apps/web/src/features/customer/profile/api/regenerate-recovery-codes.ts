import { recoveryCodesResponseSchema, type RecoveryCodesBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** New codes with the password and a current code; the old ones stop working. */
export function regenerateRecoveryCodes(body: RecoveryCodesBody) {
  return api.post('/profile/2fa/recovery-codes', body, { schema: recoveryCodesResponseSchema });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.profile }),
  });
}
