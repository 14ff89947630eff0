import type { MetricsResponse } from '@chaveiro/contract';
import { ChangeLine } from '@/components/analytics/change-line';
import { texts } from '@/components/analytics/texts';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDayShort } from '@/lib/format';
import { usePeriodAnalytics } from './use-period-analytics';

/** More banned users or expired subscriptions is bad news: those go red when they rise. */
const GOOD_WHEN: Record<keyof MetricsResponse, 'up' | 'down'> = {
  onlineUsers: 'up',
  activeUsers: 'up',
  bannedUsers: 'down',
  expiredSubscriptions: 'down',
};

/**
 * A live metric card's change against the day before the selected period (`+12 (+8,5%) vs.
 * 18/11`), or a dash when that day was never sampled.
 */
export function BaselineChange({
  metric,
  value,
}: {
  metric: keyof MetricsResponse;
  value: number;
}) {
  const { analytics } = usePeriodAnalytics();
  if (analytics.isPending) return <Skeleton className="h-4 w-28" />;
  const baseline = analytics.data?.baseline ?? null;
  return (
    <ChangeLine
      current={value}
      previous={baseline ? baseline[metric] : null}
      against={baseline ? texts.change.vsDay(formatDayShort(baseline.day)) : ''}
      mode="absolute"
      goodWhen={GOOD_WHEN[metric]}
    />
  );
}
