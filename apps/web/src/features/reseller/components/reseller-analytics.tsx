import type { ResellerAnalyticsResponse } from '@chaveiro/contract';
import { CircleCheck, HandCoins, KeyRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ChartSkeleton } from '@/components/analytics/chart-skeleton';
import { keyFigureFields } from '@/components/analytics/key-figure-fields';
import { KeyFigureCells, KeyFigureHeads } from '@/components/analytics/key-figures';
import { KpiList, type KpiSpec } from '@/components/analytics/kpi-list';
import { LoadRetry } from '@/components/analytics/load-retry';
import { periodQuery, usePeriodParam } from '@/components/analytics/period';
import { PeriodPicker } from '@/components/analytics/period-picker';
import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { formatBRL, formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useResellerAnalytics } from '../api/get-reseller-analytics';
import { texts } from '../texts';

const t = texts.analytics;

// recharts loads after the rest of the dashboard, which shows meanwhile.
const ResellerAnalyticsCharts = lazy(async () => ({
  default: (await import('./reseller-analytics-charts')).ResellerAnalyticsCharts,
}));

type Totals = ResellerAnalyticsResponse['totals']['current'];

const KPIS: KpiSpec<Totals>[] = [
  {
    title: t.kpiKeysSold,
    icon: KeyRound,
    accent: 'text-violet-700 bg-violet-500/10 dark:text-violet-400',
    value: (x) => formatCount(x.keysSold),
    change: (x) => x.keysSold,
  },
  {
    title: t.kpiKeysRedeemed,
    icon: CircleCheck,
    accent: 'text-sky-700 bg-sky-500/10 dark:text-sky-400',
    value: (x) => formatCount(x.keysRedeemed),
    change: (x) => x.keysRedeemed,
  },
  {
    title: t.kpiSpent,
    icon: HandCoins,
    accent: 'text-amber-700 bg-amber-500/10 dark:text-amber-400',
    value: (x) => formatBRL(x.spent),
    change: (x) => x.spent,
    className: 'col-span-2 sm:col-span-1',
  },
];

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartSkeleton />
      <ChartSkeleton />
    </div>
  );
}

/** The reseller's own keys over a period in the URL: totals, charts and a table per product. */
export function ResellerAnalytics() {
  const { period, setPeriod } = usePeriodParam();
  const analytics = useResellerAnalytics(periodQuery(period));
  const { data } = analytics;
  return (
    <section aria-labelledby="reseller-analytics" className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="reseller-analytics" className="text-lg font-semibold">
            {t.title}
          </h2>
          <p className="text-muted-foreground mt-1 text-sm">{t.subtitle}</p>
        </div>
        <PeriodPicker period={period} onChange={setPeriod} range={data} />
      </div>
      {analytics.isError && !data ? (
        <LoadRetry error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : (
        <div
          className={cn(
            'grid min-w-0 gap-4 transition-opacity',
            analytics.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={analytics.isFetching || undefined}
        >
          <div aria-label={t.group} role="group" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <KpiList items={KPIS} totals={data?.totals} />
          </div>
          {data ? (
            <Suspense fallback={<ChartsSkeleton />}>
              <ResellerAnalyticsCharts series={data.series} />
            </Suspense>
          ) : (
            <ChartsSkeleton />
          )}
          <ProductsCard analytics={analytics} />
        </div>
      )}
    </section>
  );
}

function ProductsCard({ analytics }: { analytics: ReturnType<typeof useResellerAnalytics> }) {
  const rows = analytics.data?.products;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t.products}</CardTitle>
        <CardDescription>{t.productsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <ScrollTable
          query={{
            data: rows && { items: rows },
            isPending: analytics.isPending,
            isPlaceholderData: analytics.isPlaceholderData,
          }}
          columns={4}
          loadingText={t.loading}
          emptyText={t.empty}
          head={
            <>
              <TableHead>{t.product}</TableHead>
              <KeyFigureHeads labels={t} />
            </>
          }
          renderRow={(row) => (
            <TableRow key={row.productId}>
              <TableCell className="font-medium">{row.name}</TableCell>
              <KeyFigureCells row={row} />
            </TableRow>
          )}
          renderCard={(row) => (
            <RowCard
              key={row.productId}
              title={<span className="font-medium">{row.name}</span>}
              fields={keyFigureFields(row, t)}
            />
          )}
        />
      </CardContent>
    </Card>
  );
}
