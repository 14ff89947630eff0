import { messageResponseSchema, type RegisterBody } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function register(body: RegisterBody) {
  return api.post('/auth/register', body, { public: true, schema: messageResponseSchema });
}

/** Failures are reported by the form, with the spec's register fallback (spec §8). */
export function useRegister() {
  return useMutation({ mutationFn: register, meta: { errorToast: false } });
}
