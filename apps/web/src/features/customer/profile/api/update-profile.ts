import { profileUpdateResponseSchema, type UpdateProfileBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

export function updateProfile(body: UpdateProfileBody) {
  return api.patch('/profile', body, { schema: profileUpdateResponseSchema });
}

/** A new username comes with a fresh token carrying it, so the header follows at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      if (answer.token) setToken(answer.token);
      return queryClient.invalidateQueries({ queryKey: queryKeys.client.profile });
    },
  });
}
