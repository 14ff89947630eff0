import { loginResponseSchema, type LoginBody } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function login(body: LoginBody) {
  return api.post('/auth/login', body, { public: true, schema: loginResponseSchema });
}

/** The login form reports failures itself: some are steps (2FA, unconfirmed e-mail), not errors. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { errorToast: false } });
}
