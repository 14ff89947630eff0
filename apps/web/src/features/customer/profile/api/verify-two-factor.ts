import { profileUpdateResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

export function verifyTwoFactor(token: string) {
  return api.post('/profile/2fa/verify', { token }, { schema: profileUpdateResponseSchema });
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: (answer) => {
      if (answer.token) setToken(answer.token);
      return queryClient.invalidateQueries({ queryKey: queryKeys.client.profile });
    },
  });
}
