import { profileUpdateResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

export function disableTwoFactor(token: string) {
  return api.post('/profile/2fa/disable', { token }, { schema: profileUpdateResponseSchema });
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
