import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any key change: the key lists, the dashboard (metrics, recent activities), the activity
 * log and the user table (a linked key creates a subscription) are stale.
 */
export async function invalidateAfterKeyChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.keys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  ]);
}
