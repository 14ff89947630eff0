import { settingsSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const settingsQueryKey = ['settings'] as const;

export function getSettings(signal?: AbortSignal) {
  return api.get('/settings', { schema: settingsSchema, signal });
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
