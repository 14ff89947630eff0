import { recoveryCodesResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** New codes with the password; the old ones stop working (issue #24). */
export function regenerateRecoveryCodes(currentPassword: string) {
  return api.post(
    '/profile/2fa/recovery-codes',
    { currentPassword },
    { schema: recoveryCodesResponseSchema },
  );
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.profile }),
  });
}
