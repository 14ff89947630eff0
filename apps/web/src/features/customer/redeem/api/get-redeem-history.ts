import { redeemHistoryItemSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const redeemHistoryQueryKey = ['client', 'redeem-history'] as const;

const redeemHistorySchema = z.array(redeemHistoryItemSchema);

export function getRedeemHistory({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/client/redeem-history', { schema: redeemHistorySchema, signal });
}

export const redeemHistoryQueryOptions = () =>
  queryOptions({ queryKey: redeemHistoryQueryKey, queryFn: getRedeemHistory });

export function useRedeemHistory() {
  return useQuery(redeemHistoryQueryOptions());
}
