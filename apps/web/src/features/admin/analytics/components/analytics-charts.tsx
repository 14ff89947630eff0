import type { AnalyticsDay, AnalyticsResponse, ProductSales } from '@chaveiro/contract';
import { format } from 'date-fns';
import { AnalyticsChart, type ChartSeries } from '@/components/analytics/analytics-chart';
import { texts as shared } from '@/components/analytics/texts';
import { formatBRL, formatCompactBRL, formatCount, formatDay, formatDayShort } from '@/lib/format';
import { texts } from '../texts';

const t = texts.charts;

type OnlinePoint = AnalyticsResponse['recentOnline'][number];

const money = (value: number) => formatBRL(value);
const decimal = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

const byDay = {
  axisLabel: (row: AnalyticsDay) => formatDayShort(row.day),
  rowLabel: (row: AnalyticsDay) => formatDay(row.day),
  rowHeader: shared.chart.day,
};

const REVENUE: ChartSeries<AnalyticsDay>[] = [
  {
    key: 'deposits',
    label: t.deposits,
    color: 'var(--chart-2)',
    value: (row) => row.deposits,
    format: money,
  },
  {
    key: 'sales',
    label: t.sales,
    color: 'var(--chart-1)',
    value: (row) => row.sales,
    format: money,
  },
];
const SIGNUPS: ChartSeries<AnalyticsDay>[] = [
  {
    key: 'signups',
    label: t.signupsSeries,
    color: 'var(--chart-1)',
    value: (row) => row.signups,
    format: formatCount,
  },
];
const REDEMPTIONS: ChartSeries<AnalyticsDay>[] = [
  {
    key: 'redemptions',
    label: t.redemptionsSeries,
    color: 'var(--chart-4)',
    value: (row) => row.redemptions,
    format: formatCount,
  },
];
const ACTIVE: ChartSeries<AnalyticsDay>[] = [
  {
    key: 'active',
    label: t.activeSeries,
    color: 'var(--chart-2)',
    value: (row) => row.activeSubscriptions,
    format: formatCount,
  },
];
const ONLINE: ChartSeries<AnalyticsDay>[] = [
  {
    key: 'peak',
    label: t.peak,
    color: 'var(--chart-3)',
    value: (row) => row.onlinePeak,
    format: formatCount,
  },
  {
    key: 'average',
    label: t.average,
    color: 'var(--chart-1)',
    value: (row) => row.onlineAverage,
    format: decimal,
  },
];
const PRODUCTS: ChartSeries<ProductSales>[] = [
  {
    key: 'sales',
    label: t.productSales,
    color: 'var(--chart-1)',
    value: (row) => row.sales,
    format: money,
  },
];
/** The product table shows the count and redemptions too; the bars only the revenue. */
const PRODUCT_COLUMNS: ChartSeries<ProductSales>[] = [
  ...PRODUCTS,
  {
    key: 'count',
    label: t.productCount,
    color: 'var(--chart-2)',
    value: (row) => row.salesCount,
    format: formatCount,
  },
  {
    key: 'redemptions',
    label: t.productRedemptions,
    color: 'var(--chart-4)',
    value: (row) => row.redemptions,
    format: formatCount,
  },
];
const RECENT: ChartSeries<OnlinePoint>[] = [
  {
    key: 'users',
    label: t.recentSeries,
    color: 'var(--chart-3)',
    value: (row) => row.users,
    format: formatCount,
  },
];

/** The dashboard's charts for the selected period (recharts: loaded with this module only). */
export function AnalyticsCharts({ data }: { data: AnalyticsResponse }) {
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <AnalyticsChart
        title={t.revenue}
        description={t.revenueDescription}
        rows={data.series}
        {...byDay}
        series={REVENUE}
        kind="area"
        valueAxis={formatCompactBRL}
        className="lg:col-span-2"
      />
      <AnalyticsChart
        title={t.products}
        description={t.productsDescription}
        rows={data.products}
        rowHeader={t.product}
        axisLabel={(row) => row.name}
        rowLabel={(row) => row.name}
        series={PRODUCTS}
        tableSeries={PRODUCT_COLUMNS}
        kind="horizontal-bar"
        valueAxis={formatCompactBRL}
        height={Math.max(160, data.products.length * 36 + 40)}
      />
      <AnalyticsChart
        title={t.active}
        description={t.activeDescription}
        rows={data.series}
        {...byDay}
        series={ACTIVE}
        kind="line"
      />
      <AnalyticsChart title={t.signups} rows={data.series} {...byDay} series={SIGNUPS} kind="bar" />
      <AnalyticsChart
        title={t.redemptions}
        rows={data.series}
        {...byDay}
        series={REDEMPTIONS}
        kind="bar"
      />
      <AnalyticsChart
        title={t.online}
        description={t.onlineDescription}
        rows={data.series}
        {...byDay}
        series={ONLINE}
        kind="line"
      />
      <AnalyticsChart
        title={t.recent}
        description={t.recentDescription}
        rows={data.recentOnline}
        rowHeader={t.time}
        axisLabel={(row) => format(new Date(row.at), 'HH:mm')}
        rowLabel={(row) => format(new Date(row.at), 'dd/MM HH:mm')}
        series={RECENT}
        kind="area"
      />
    </div>
  );
}
