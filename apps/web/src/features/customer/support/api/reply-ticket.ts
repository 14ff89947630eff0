import { ticketActionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function replyTicket({ id, message }: { id: string; message: string }) {
  return api.post(
    `/support/tickets/${encodeURIComponent(id)}/messages`,
    { message },
    { schema: ticketActionResponseSchema },
  );
}

/** A reply puts the ticket back in the staff queue; the thread and the list refresh. */
export function useReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyTicket,
    // Also after a refusal (closed meanwhile): the thread then shows what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.tickets.all }),
  });
}
