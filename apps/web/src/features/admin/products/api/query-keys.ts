import type { QueryClient } from '@tanstack/react-query';

export const productsQueryKeys = {
  all: ['products'] as const,
};

/**
 * After any catalogue change: the product list (also the key screens' product selects), the
 * keys (a cascade delete removes some), the dashboard, the activity log and the user table
 * (it names each user's products) are stale.
 */
export async function invalidateAfterProductChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: productsQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['keys'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['activity'] }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
  ]);
}
