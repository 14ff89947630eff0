import { lazy, Suspense } from 'react';
import { ChartSkeleton } from '@/components/analytics/chart-skeleton';
import { LoadRetry } from '@/components/analytics/load-retry';
import { cn } from '@/lib/utils';
import { KpiCards } from './kpi-cards';
import { usePeriodAnalytics } from './use-period-analytics';

// recharts is the dashboard's heaviest dependency: the cards show while it downloads.
const AnalyticsCharts = lazy(async () => ({
  default: (await import('./analytics-charts')).AnalyticsCharts,
}));

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartSkeleton />
      <ChartSkeleton />
    </div>
  );
}

/** The period's totals and charts; a new period fades the old figures until its own arrive. */
export function AnalyticsOverview() {
  const { analytics } = usePeriodAnalytics();
  if (analytics.isError && !analytics.data) {
    return <LoadRetry error={analytics.error} onRetry={() => void analytics.refetch()} />;
  }
  return (
    <div
      className={cn(
        'grid min-w-0 gap-4 transition-opacity',
        analytics.isPlaceholderData && 'opacity-60',
      )}
      aria-busy={analytics.isFetching || undefined}
    >
      <KpiCards totals={analytics.data?.totals} />
      {analytics.data ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <AnalyticsCharts data={analytics.data} />
        </Suspense>
      ) : (
        <ChartsSkeleton />
      )}
    </div>
  );
}
