import { activityPageSchema, type ActivityQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The audit log's query as the screen sends it (empty filters left out). */
export type ActivityFilters = Omit<Partial<ActivityQuery>, 'page' | 'pageSize'> &
  Required<Pick<ActivityQuery, 'page' | 'pageSize'>>;

export function getActivity(filters: ActivityFilters, signal?: AbortSignal) {
  return api.get('/activity', { query: { ...filters }, schema: activityPageSchema, signal });
}

export function activityQueryOptions(filters: ActivityFilters) {
  return queryOptions({
    queryKey: queryKeys.activity.list(filters),
    queryFn: ({ signal }) => getActivity(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(filters: ActivityFilters) {
  return useQuery(activityQueryOptions(filters));
}
