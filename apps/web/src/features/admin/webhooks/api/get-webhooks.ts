import { WEBHOOK_LIMITS, webhookEndpointsPageSchema } from '@chaveiro/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every endpoint fits in one page (the platform holds at most `WEBHOOK_LIMITS.endpointsMax`). */
const ALL = { page: 1, pageSize: WEBHOOK_LIMITS.endpointsMax };

/** The list's last-delivery status moves as deliveries go out. */
const LIST_POLL_MS = 15_000;

/** `GET /api/admin/webhooks`: the endpoints, with each one's latest delivery. */
export function getWebhooks(signal?: AbortSignal) {
  return api.get('/admin/webhooks', { query: ALL, schema: webhookEndpointsPageSchema, signal });
}

export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.webhooks.list,
    queryFn: ({ signal }) => getWebhooks(signal),
    refetchInterval: LIST_POLL_MS,
  });
}

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
