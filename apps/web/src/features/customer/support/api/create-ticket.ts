import { createTicketResponseSchema, type CreateTicketBody } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createTicket(body: CreateTicketBody) {
  return api.post('/support/tickets', body, { schema: createTicketResponseSchema });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.tickets.all }),
  });
}
