import type { QueryClient } from '@tanstack/react-query';

/** Filters of the UID list, as sent to `GET /api/bypass/uids`. */
export interface BypassUidsFilters {
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export const bypassQueryKeys = {
  all: ['bypass'] as const,
  uidList: (filters: BypassUidsFilters) => ['bypass', 'uids', filters] as const,
  apiKeyList: (page: number, pageSize: number) =>
    ['bypass', 'api-keys', { page, pageSize }] as const,
};

/**
 * After any bypass change: the bypass lists, and the dashboard and activity log (every change
 * writes an activity line) are stale.
 */
export async function invalidateAfterBypassChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: bypassQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['activity'] }),
  ]);
}
