import { adminProfileSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminProfileQueryKey = ['admin', 'profile'] as const;

export function getAdminProfile(signal?: AbortSignal) {
  return api.get('/admin/profile', { schema: adminProfileSchema, signal });
}

export function adminProfileQueryOptions() {
  return queryOptions({
    queryKey: adminProfileQueryKey,
    queryFn: ({ signal }) => getAdminProfile(signal),
  });
}

export function useAdminProfile() {
  return useQuery(adminProfileQueryOptions());
}
