import { activeSessionsResponseSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getSessions() {
  return api.get('/profile/sessions', { schema: activeSessionsResponseSchema });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: queryKeys.client.sessions,
  queryFn: getSessions,
});

/** Perfil › Sessões ativas. */
export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
