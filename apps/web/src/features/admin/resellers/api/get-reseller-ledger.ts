import { ledgerPageSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The balance dialog shows only the latest changes, enough to explain the current balance. */
export const LEDGER_PREVIEW_SIZE = 10;

export function getResellerLedger(id: string, signal?: AbortSignal) {
  return api.get(`/resellers/${encodeURIComponent(id)}/ledger`, {
    query: { page: 1, pageSize: LEDGER_PREVIEW_SIZE },
    schema: ledgerPageSchema,
    signal,
  });
}

export function resellerLedgerQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.resellers.ledger(id),
    queryFn: ({ signal }) => getResellerLedger(id, signal),
  });
}

export function useResellerLedger(id: string) {
  return useQuery(resellerLedgerQueryOptions(id));
}
