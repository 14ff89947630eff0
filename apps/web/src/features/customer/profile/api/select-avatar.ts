import { profileUpdateResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.profile }),
  });
}
