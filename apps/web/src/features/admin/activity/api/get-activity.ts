import { activityPageSchema, type PageQuery } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ActivityFilters = Required<Pick<PageQuery, 'page' | 'pageSize'>> & { q: string };

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
