import { depositsPageSchema, type DepositsPage } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const RECENT_DEPOSITS = 5;
/** While a deposit waits for confirmation its status is asked again this often. */
export const PENDING_POLL_MS = 20_000;

export function getRecentDeposits({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/deposits', {
    query: { page: 1, pageSize: RECENT_DEPOSITS },
    schema: depositsPageSchema,
    signal,
  });
}

const hasPending = (page: DepositsPage | undefined) =>
  page?.items.some((deposit) => deposit.status === 'pending') ?? false;

export const recentDepositsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.client.deposits.recent,
    queryFn: getRecentDeposits,
    refetchInterval: (query) => (hasPending(query.state.data) ? PENDING_POLL_MS : false),
  });

/**
 * The newest deposits; polled while one of them is pending, every `pollMs` for a screen that
 * watches a payment being made (PENDING_POLL_MS otherwise).
 */
export function useRecentDeposits({ pollMs = PENDING_POLL_MS }: { pollMs?: number } = {}) {
  return useQuery({
    ...recentDepositsQueryOptions(),
    refetchInterval: (query) => (hasPending(query.state.data) ? pollMs : false),
  });
}
