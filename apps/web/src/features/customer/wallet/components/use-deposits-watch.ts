import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRecentDeposits } from '@/hooks/use-recent-deposits';
import { invalidatePurchase } from '@/lib/invalidate-purchase';

/**
 * Keeps the balance chip honest: the recent deposits are polled while one is pending, and when
 * a deposit this page saw pending is decided, the dashboard (balance) is read again.
 */
export function useDepositsWatch(): void {
  const queryClient = useQueryClient();
  const { data } = useRecentDeposits();
  const pendingSeen = useRef(new Set<string>());

  useEffect(() => {
    if (!data) return;
    let decided = false;
    for (const deposit of data.items) {
      if (deposit.status === 'pending') pendingSeen.current.add(deposit.id);
      else if (pendingSeen.current.delete(deposit.id)) decided = true;
    }
    // A deposit paying an order completed it (or failed it) in the same step: the balance,
    // the subscriptions, the shop and the orders all move.
    if (decided) void invalidatePurchase(queryClient);
  }, [data, queryClient]);
}
