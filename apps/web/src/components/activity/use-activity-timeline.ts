import { activityPageSchema } from '@chaveiro/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PAGE_SIZE = 20;

/**
 * Everything a user did or that was done to them (`GET /api/activity?subject=`), newest first,
 * a page at a time by cursor ("Carregar mais").
 */
export function useActivityTimeline(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.activity.list({ subject: userId, timeline: true }),
    queryFn: ({ pageParam, signal }) =>
      api.get('/activity', {
        query: { subject: userId, pageSize: PAGE_SIZE, before: pageParam },
        schema: activityPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
