import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function resetHwid(subscriptionId: string) {
  return api.patch(
    '/client/user/reset-hwid',
    { subscriptionId },
    { schema: messageResponseSchema },
  );
}

export function useResetHwid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetHwid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
  });
}
