import type { KeysExportQuery } from '@chaveiro/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Filters of the key list, as sent to `GET /api/keys`. */
export type KeysFilters = KeysExportQuery & { page: number; pageSize: number };

export const keysQueryKeys = {
  all: ['keys'] as const,
  list: (filters: KeysFilters) => ['keys', 'list', filters] as const,
  detail: (id: string) => ['keys', 'detail', id] as const,
  clients: (q: string) => ['users', 'clients', q] as const,
  productOptions: ['products'] as const,
};

/**
 * After any key change: the key lists, the dashboard (metrics, recent activities), the activity
 * log and the user table (a linked key creates a subscription) are stale.
 */
export async function invalidateAfterKeyChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keysQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['activity'] }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
  ]);
}
