import { profileSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const profileQueryKey = ['profile'] as const;

export function getProfile({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/profile', { schema: profileSchema, signal });
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

/** The signed-in user's profile (header avatar and /dashboard/profile). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
