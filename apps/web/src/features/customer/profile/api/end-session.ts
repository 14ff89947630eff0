import { endOtherSessionsResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Ends one of the account's other sessions: that device's token stops working at once. */
export function endSession(id: string) {
  return api.delete(`/profile/sessions/${encodeURIComponent(id)}`);
}

export function endOtherSessions() {
  return api.post('/profile/sessions/end-others', undefined, {
    schema: endOtherSessionsResponseSchema,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.sessions }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.sessions }),
  });
}
