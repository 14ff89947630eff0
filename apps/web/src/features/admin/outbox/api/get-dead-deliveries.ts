import { deadDeliveriesPageSchema } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getDeadDeliveries(page: number, signal?: AbortSignal) {
  return api.get(`/admin/outbox/dead?page=${page}`, { schema: deadDeliveriesPageSchema, signal });
}

export function deadDeliveriesQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.admin.deadDeliveries.page(page),
    queryFn: ({ signal }) => getDeadDeliveries(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeadDeliveries(page: number) {
  return useQuery(deadDeliveriesQueryOptions(page));
}
