import { profileUpdateResponseSchema, type TwoFactorDisableBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

export function disableTwoFactor(body: TwoFactorDisableBody) {
  return api.post('/profile/2fa/disable', body, { schema: profileUpdateResponseSchema });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (answer) => {
      if (answer.token) setToken(answer.token);
      return queryClient.invalidateQueries({ queryKey: queryKeys.client.profile });
    },
  });
}
