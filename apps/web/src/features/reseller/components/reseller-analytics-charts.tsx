import type { ResellerAnalyticsDay } from '@chaveiro/contract';
import { AnalyticsChart, type ChartSeries } from '@/components/analytics/analytics-chart';
import { texts as shared } from '@/components/analytics/texts';
import { formatBRL, formatCompactBRL, formatCount, formatDay, formatDayShort } from '@/lib/format';
import { texts } from '../texts';

const t = texts.analytics;

const byDay = {
  axisLabel: (row: ResellerAnalyticsDay) => formatDayShort(row.day),
  rowLabel: (row: ResellerAnalyticsDay) => formatDay(row.day),
  rowHeader: shared.chart.day,
};

const KEYS: ChartSeries<ResellerAnalyticsDay>[] = [
  {
    key: 'sold',
    label: t.keysSold,
    color: 'var(--chart-1)',
    value: (row) => row.keysSold,
    format: formatCount,
  },
  {
    key: 'redeemed',
    label: t.keysRedeemed,
    color: 'var(--chart-2)',
    value: (row) => row.keysRedeemed,
    format: formatCount,
  },
];
const SPENT: ChartSeries<ResellerAnalyticsDay>[] = [
  {
    key: 'spent',
    label: t.spent,
    color: 'var(--chart-3)',
    value: (row) => row.spent,
    format: formatBRL,
  },
];

/** The reseller's keys and spending per day (recharts: loaded with this module only). */
export function ResellerAnalyticsCharts({ series }: { series: ResellerAnalyticsDay[] }) {
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <AnalyticsChart
        title={t.keysChart}
        description={t.keysChartDescription}
        rows={series}
        {...byDay}
        series={KEYS}
        kind="bar"
      />
      <AnalyticsChart
        title={t.spentChart}
        description={t.spentChartDescription}
        rows={series}
        {...byDay}
        series={SPENT}
        kind="bar"
        valueAxis={formatCompactBRL}
      />
    </div>
  );
}
