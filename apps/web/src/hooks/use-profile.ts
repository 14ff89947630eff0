import { profileSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getProfile({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/profile', { schema: profileSchema, signal });
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.client.profile, queryFn: getProfile });

/** The signed-in user's profile (header avatar and /dashboard/profile). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
