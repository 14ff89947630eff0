import { depositAvailabilitySchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { depositQueryKeys } from './deposit-query-keys';

export function getDepositAvailability({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/deposits/availability', { schema: depositAvailabilitySchema, signal });
}

export const depositAvailabilityQueryOptions = () =>
  queryOptions({ queryKey: depositQueryKeys.availability, queryFn: getDepositAvailability });

/** Whether PIX deposits are possible now (the admin has set a PIX key). */
export function useDepositAvailability(enabled: boolean) {
  return useQuery({ ...depositAvailabilityQueryOptions(), enabled });
}
