import { ticketActionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function answerTicket({ id, message }: { id: string; message: string }) {
  return api.post(
    `/admin/support/tickets/${encodeURIComponent(id)}/messages`,
    { message },
    { schema: ticketActionResponseSchema },
  );
}

/** The ticket becomes answered and its owner is notified by the server. */
export function useAnswerTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTicket,
    // Also after a refusal (closed meanwhile): the thread then shows what changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.tickets.all }),
        // The sidebar's "tickets awaiting staff" badge.
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues }),
      ]),
  });
}
