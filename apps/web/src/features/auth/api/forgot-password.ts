import { messageResponseSchema, type ForgotPasswordBody } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function forgotPassword(body: ForgotPasswordBody) {
  return api.post('/auth/forgot-password', body, { public: true, schema: messageResponseSchema });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
