import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ReleaseMachineInput {
  subscriptionId: string;
  machineId: string;
}

export function releaseMachine({ subscriptionId, machineId }: ReleaseMachineInput) {
  return api.delete(
    `/client/subscriptions/${encodeURIComponent(subscriptionId)}/machines/${encodeURIComponent(machineId)}`,
    { schema: messageResponseSchema },
  );
}

export function useReleaseMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseMachine,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
  });
}
