import { profileUpdateResponseSchema, type ChangePasswordBody } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/session';

export function changePassword(body: ChangePasswordBody) {
  return api.patch('/profile/password', body, { schema: profileUpdateResponseSchema });
}

/** The change ends every other session; this tab keeps going with the token that comes back. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      if (answer.token) setToken(answer.token);
    },
  });
}
