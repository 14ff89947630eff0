import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRecentDeposits } from '../api/get-recent-deposits';
import { queryKeys } from '@/lib/query-keys';

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
    if (decided) void queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard });
  }, [data, queryClient]);
}
