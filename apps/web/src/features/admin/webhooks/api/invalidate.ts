import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** After any webhook change: the endpoints and every delivery log. */
export function invalidateWebhooks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhooks.all });
}
