import { depositAvailabilitySchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getDepositAvailability({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/deposits/availability', { schema: depositAvailabilitySchema, signal });
}

export const depositAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.client.deposits.availability,
    queryFn: getDepositAvailability,
  });

/** Whether PIX deposits are possible now (the admin has set a PIX key). */
export function useDepositAvailability(enabled: boolean) {
  return useQuery({ ...depositAvailabilityQueryOptions(), enabled });
}
