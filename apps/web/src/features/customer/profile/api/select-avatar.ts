import { profileUpdateResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '../../shared/api/get-profile';

export function selectAvatar(avatarUrl: string) {
  return api.patch(
    '/profile/avatar/select',
    { avatarUrl },
    { schema: profileUpdateResponseSchema },
  );
}

export function useSelectAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
