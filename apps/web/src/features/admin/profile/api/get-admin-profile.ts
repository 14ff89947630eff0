import { adminProfileSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getAdminProfile(signal?: AbortSignal) {
  return api.get('/admin/profile', { schema: adminProfileSchema, signal });
}

export function adminProfileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.profile,
    queryFn: ({ signal }) => getAdminProfile(signal),
  });
}

export function useAdminProfile() {
  return useQuery(adminProfileQueryOptions());
}
