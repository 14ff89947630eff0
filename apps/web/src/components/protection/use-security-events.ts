import {
  protectionMessages as t,
  messageResponseSchema,
  securityEventsPageSchema,
  type SecurityEventsQuery,
} from '@chaveiro/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getSecurityEvents(query: SecurityEventsQuery, signal?: AbortSignal) {
  return api.get('/security-events', { query, schema: securityEventsPageSchema, signal });
}

/** `refetchInterval`: how often a live view refreshes the page (none by default). */
export function securityEventsQueryOptions(query: SecurityEventsQuery, refetchInterval?: number) {
  return queryOptions({
    queryKey: queryKeys.securityEvents.list(query),
    queryFn: ({ signal }) => getSecurityEvents(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** The "Segurança" queue and the customer page's section. */
export function useSecurityEvents(query: SecurityEventsQuery, refetchInterval?: number) {
  return useQuery(securityEventsQueryOptions(query, refetchInterval));
}

export function resolveSecurityEvent({ id }: { id: string }) {
  return api.post(`/security-events/${encodeURIComponent(id)}/resolve`, undefined, {
    schema: messageResponseSchema,
  });
}

/**
 * "Marcar como resolvido": the queue, the sidebar's count (with the work queues), the customer
 * pages and the audit log are stale afterwards. The toast is the hook's own: the refreshed queue
 * unmounts the button before a `mutate` callback would run.
 */
export function useResolveSecurityEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveSecurityEvent,
    onSuccess: (answer) => {
      toast.success(answer.message || t.securityResolvedToast);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.securityEvents.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
      ]);
    },
  });
}
