import type { ResellerAnalyticsDay } from '@chaveiro/contract';
import { ChartGrid } from '@/components/analytics/chart-grid';
import { byDay, chart, series } from '@/components/analytics/chart-spec';
import { formatBRL, formatCompactBRL, formatCount } from '@/lib/format';
import { texts } from '../texts';

const t = texts.analytics;

type Day = ResellerAnalyticsDay;

const KEYS = [
  series<Day>('sold', t.keysSold, 'var(--chart-1)', (row) => row.keysSold, formatCount),
  series<Day>('redeemed', t.keysRedeemed, 'var(--chart-2)', (row) => row.keysRedeemed, formatCount),
];
const SPENT = [series<Day>('spent', t.spent, 'var(--chart-3)', (row) => row.spent, formatBRL)];

/** The reseller's keys and spending per day (recharts: loaded with this module only). */
export function ResellerAnalyticsCharts({ series: rows }: { series: ResellerAnalyticsDay[] }) {
  const days = { rows, ...byDay<Day>() };
  return (
    <ChartGrid
      charts={[
        chart({
          title: t.keysChart,
          description: t.keysChartDescription,
          ...days,
          series: KEYS,
          kind: 'bar',
        }),
        chart({
          title: t.spentChart,
          description: t.spentChartDescription,
          ...days,
          series: SPENT,
          kind: 'bar',
          valueAxis: formatCompactBRL,
        }),
      ]}
    />
  );
}
