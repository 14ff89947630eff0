import { messageResponseSchema, type ResendVerificationBody } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resendVerification(body: ResendVerificationBody) {
  return api.post('/auth/resend-verification', body, {
    public: true,
    schema: messageResponseSchema,
  });
}

/** Failures use the default error toast with the server's message. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
