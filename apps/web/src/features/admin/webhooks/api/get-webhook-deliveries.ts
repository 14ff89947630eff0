import { webhookDeliveriesPageSchema, type WebhookDeliveryStatus } from '@chaveiro/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface WebhookDeliveriesFilters {
  page: number;
  pageSize: number;
  status?: WebhookDeliveryStatus | undefined;
}

/** While a delivery on screen is still pending, the log is read again this often. */
export const PENDING_POLL_MS = 3_000;

/** `GET /api/admin/webhooks/:id/deliveries`: newest first. */
export function getWebhookDeliveries(
  endpointId: string,
  filters: WebhookDeliveriesFilters,
  signal?: AbortSignal,
) {
  return api.get(`/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries`, {
    query: { ...filters },
    schema: webhookDeliveriesPageSchema,
    signal,
  });
}

export function webhookDeliveriesQueryOptions(
  endpointId: string,
  filters: WebhookDeliveriesFilters,
) {
  return queryOptions({
    queryKey: queryKeys.admin.webhooks.deliveries(endpointId, filters),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'pending')
        ? PENDING_POLL_MS
        : false,
  });
}

export function useWebhookDeliveries(endpointId: string, filters: WebhookDeliveriesFilters) {
  return useQuery(webhookDeliveriesQueryOptions(endpointId, filters));
}
