import { workQueuesResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every 15 s while the tab is visible (TanStack pauses intervals in a hidden tab). */
export const WORK_QUEUES_POLL_MS = 15_000;

export function getWorkQueues(signal?: AbortSignal) {
  return api.get('/admin/queues', { schema: workQueuesResponseSchema, signal });
}

export function workQueuesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.queues,
    queryFn: ({ signal }) => getWorkQueues(signal),
    refetchInterval: WORK_QUEUES_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: WORK_QUEUES_POLL_MS / 2,
  });
}

/** Deposits, tickets and security events waiting for staff, for the sidebar badges. */
export function useWorkQueues(enabled = true) {
  return useQuery({ ...workQueuesQueryOptions(), enabled });
}
