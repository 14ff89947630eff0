import {
  profileUpdateResponseSchema,
  recoveryCodesResponseSchema,
  type TwoFactorVerifyBody,
} from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

/** Enabling answers the 10 recovery codes, shown once. */
const verifyTwoFactorResponseSchema = profileUpdateResponseSchema.extend({
  recoveryCodes: recoveryCodesResponseSchema.shape.recoveryCodes,
});

export function verifyTwoFactor(body: TwoFactorVerifyBody) {
  return api.post('/profile/2fa/verify', body, { schema: verifyTwoFactorResponseSchema });
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
