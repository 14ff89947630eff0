import { ticketActionResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function closeAdminTicket(id: string) {
  return api.post(`/admin/support/tickets/${encodeURIComponent(id)}/close`, undefined, {
    schema: ticketActionResponseSchema,
  });
}

export function useCloseAdminTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAdminTicket,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.tickets.all }),
        // The sidebar's "tickets awaiting staff" badge.
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues }),
      ]),
  });
}
