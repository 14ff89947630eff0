import type { ResellerAnalyticsResponse } from '@chaveiro/contract';
import { CircleCheck, HandCoins, KeyRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ChangeLine } from '@/components/analytics/change-line';
import { ChartSkeleton } from '@/components/analytics/chart-skeleton';
import { KpiCard } from '@/components/analytics/kpi-card';
import { LoadRetry } from '@/components/analytics/load-retry';
import { periodQuery, usePeriodParam } from '@/components/analytics/period';
import { PeriodPicker } from '@/components/analytics/period-picker';
import { texts as shared } from '@/components/analytics/texts';
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
  const change = (pick: (totals: Totals) => number) =>
    data && (
      <ChangeLine
        current={pick(data.totals.current)}
        previous={pick(data.totals.previous)}
        against={shared.change.vsPrevious}
        mode="percent"
      />
    );
  const current = data?.totals.current;
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
            <KpiCard
              title={t.kpiKeysSold}
              icon={KeyRound}
              accent="text-violet-700 bg-violet-500/10 dark:text-violet-400"
              value={current && formatCount(current.keysSold)}
              change={change((x) => x.keysSold)}
            />
            <KpiCard
              title={t.kpiKeysRedeemed}
              icon={CircleCheck}
              accent="text-sky-700 bg-sky-500/10 dark:text-sky-400"
              value={current && formatCount(current.keysRedeemed)}
              change={change((x) => x.keysRedeemed)}
            />
            <KpiCard
              title={t.kpiSpent}
              icon={HandCoins}
              accent="text-amber-700 bg-amber-500/10 dark:text-amber-400"
              value={current && formatBRL(current.spent)}
              change={change((x) => x.spent)}
              className="col-span-2 sm:col-span-1"
            />
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
              <TableHead className="text-right">{t.keysSold}</TableHead>
              <TableHead className="text-right">{t.keysRedeemed}</TableHead>
              <TableHead className="text-right">{t.spent}</TableHead>
            </>
          }
          renderRow={(row) => (
            <TableRow key={row.productId}>
              <TableCell className="font-medium">{row.name}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(row.keysSold)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatCount(row.keysRedeemed)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatBRL(row.spent)}</TableCell>
            </TableRow>
          )}
          renderCard={(row) => (
            <RowCard
              key={row.productId}
              title={<span className="font-medium">{row.name}</span>}
              fields={[
                { label: t.keysSold, value: formatCount(row.keysSold) },
                { label: t.keysRedeemed, value: formatCount(row.keysRedeemed) },
                { label: t.spent, value: formatBRL(row.spent) },
              ]}
            />
          )}
        />
      </CardContent>
    </Card>
  );
}
