import { ticketActionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function closeTicket(id: string) {
  return api.post(`/support/tickets/${encodeURIComponent(id)}/close`, undefined, {
    schema: ticketActionResponseSchema,
  });
}

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    // Also after a refusal (closed meanwhile): the thread then shows what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.tickets.all }),
  });
}
