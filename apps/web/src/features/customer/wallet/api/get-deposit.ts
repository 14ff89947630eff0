import { depositDetailSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getDeposit(id: string, signal?: AbortSignal) {
  return api.get(`/deposits/${encodeURIComponent(id)}`, { schema: depositDetailSchema, signal });
}

export const depositQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.client.deposits.detail(id),
    queryFn: ({ signal }) => getDeposit(id, signal),
  });

/** One own deposit and, while pending, how to pay it. */
export function useDeposit(id: string | null) {
  return useQuery({ ...depositQueryOptions(id ?? ''), enabled: id !== null });
}
