import type { AnalyticsDay, AnalyticsResponse, ProductSales } from '@chaveiro/contract';
import { formatDuration } from '@chaveiro/contract';
import { format } from 'date-fns';
import { ChartGrid } from '@/components/analytics/chart-grid';
import { byDay, chart, series } from '@/components/analytics/chart-spec';
import { formatBRL, formatCompactBRL, formatCount } from '@/lib/format';
import { texts } from '../texts';

const t = texts.charts;

type Day = AnalyticsDay;
type OnlinePoint = AnalyticsResponse['recentOnline'][number];

const money = (value: number) => formatBRL(value);
const decimal = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

const REVENUE = [
  series<Day>('deposits', t.deposits, 'var(--chart-2)', (row) => row.deposits, money),
  series<Day>('sales', t.sales, 'var(--chart-1)', (row) => row.sales, money),
];
const SIGNUPS = [
  series<Day>('signups', t.signupsSeries, 'var(--chart-1)', (row) => row.signups, formatCount),
];
const REDEMPTIONS = [
  series<Day>(
    'redemptions',
    t.redemptionsSeries,
    'var(--chart-4)',
    (row) => row.redemptions,
    formatCount,
  ),
];
const ACTIVE = [
  series<Day>(
    'active',
    t.activeSeries,
    'var(--chart-2)',
    (row) => row.activeSubscriptions,
    formatCount,
  ),
];
const ONLINE = [
  series<Day>('peak', t.peak, 'var(--chart-3)', (row) => row.onlinePeak, formatCount),
  series<Day>('average', t.average, 'var(--chart-1)', (row) => row.onlineAverage, decimal),
];
const PRODUCTS = [
  series<ProductSales>('sales', t.productSales, 'var(--chart-1)', (row) => row.sales, money),
];
/** The product table shows the count, redemptions and time given back too; bars: revenue only. */
const PRODUCT_COLUMNS = [
  ...PRODUCTS,
  series<ProductSales>(
    'count',
    t.productCount,
    'var(--chart-2)',
    (row) => row.salesCount,
    formatCount,
  ),
  series<ProductSales>(
    'redemptions',
    t.productRedemptions,
    'var(--chart-4)',
    (row) => row.redemptions,
    formatCount,
  ),
  series<ProductSales>(
    'given-back',
    t.productGivenBack,
    'var(--chart-5)',
    // Nothing given back reads as a dash.
    (row) => (row.givenBackMs > 0 ? row.givenBackMs : null),
    formatDuration,
  ),
];
const RECENT = [
  series<OnlinePoint>('users', t.recentSeries, 'var(--chart-3)', (row) => row.users, formatCount),
];

/** The dashboard's charts for the selected period (recharts: loaded with this module only). */
export function AnalyticsCharts({ data }: { data: AnalyticsResponse }) {
  const days = { rows: data.series, ...byDay<Day>() };
  return (
    <ChartGrid
      charts={[
        chart({
          title: t.revenue,
          description: t.revenueDescription,
          ...days,
          series: REVENUE,
          kind: 'area',
          valueAxis: formatCompactBRL,
          className: 'lg:col-span-2',
        }),
        chart({
          title: t.products,
          description: t.productsDescription,
          rows: data.products,
          rowHeader: t.product,
          axisLabel: (row) => row.name,
          rowLabel: (row) => row.name,
          series: PRODUCTS,
          tableSeries: PRODUCT_COLUMNS,
          kind: 'horizontal-bar',
          valueAxis: formatCompactBRL,
          height: Math.max(160, data.products.length * 36 + 40),
        }),
        chart({
          title: t.active,
          description: t.activeDescription,
          ...days,
          series: ACTIVE,
          kind: 'line',
        }),
        chart({ title: t.signups, ...days, series: SIGNUPS, kind: 'bar' }),
        chart({ title: t.redemptions, ...days, series: REDEMPTIONS, kind: 'bar' }),
        chart({
          title: t.online,
          description: t.onlineDescription,
          ...days,
          series: ONLINE,
          kind: 'line',
        }),
        chart({
          title: t.recent,
          description: t.recentDescription,
          rows: data.recentOnline,
          rowHeader: t.time,
          axisLabel: (row) => format(new Date(row.at), 'HH:mm'),
          rowLabel: (row) => format(new Date(row.at), 'dd/MM HH:mm'),
          series: RECENT,
          kind: 'area',
        }),
      ]}
    />
  );
}
