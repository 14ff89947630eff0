import { dailyBonusResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function claimDailyBonus() {
  return api.post('/client/daily-bonus', undefined, { schema: dailyBonusResponseSchema });
}

export function useClaimDailyBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimDailyBonus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.client.dashboard }),
  });
}
