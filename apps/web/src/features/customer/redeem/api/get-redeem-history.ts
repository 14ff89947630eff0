import { redeemHistoryItemSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const redeemHistorySchema = z.array(redeemHistoryItemSchema);

export function getRedeemHistory({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/client/redeem-history', { schema: redeemHistorySchema, signal });
}

export const redeemHistoryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.client.redeemHistory, queryFn: getRedeemHistory });

export function useRedeemHistory() {
  return useQuery(redeemHistoryQueryOptions());
}
