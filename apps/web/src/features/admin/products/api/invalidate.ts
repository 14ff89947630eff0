import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any catalogue change: the product list (also the key screens' product selects), the
 * keys (a cascade delete removes some), the dashboard, the activity log and the user table
 * (it names each user's products) are stale.
 */
export async function invalidateAfterProductChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.products }),
    queryClient.invalidateQueries({ queryKey: queryKeys.keys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  ]);
}
