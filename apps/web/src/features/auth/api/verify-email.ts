import { verifyEmailResponseSchema } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const VERIFY_EMAIL_PATH = '/auth/verify-email';

export function verifyEmail(token: string) {
  return api.get(VERIFY_EMAIL_PATH, {
    public: true,
    query: { token },
    schema: verifyEmailResponseSchema,
  });
}

/**
 * A mutation, not a query: the token is single-use, so the call must never be repeated by a
 * retry, a refetch or a remount. The screen shows the failure itself.
 */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, meta: { errorToast: false } });
}
