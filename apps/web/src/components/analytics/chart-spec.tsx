import type { ReactElement } from 'react';
import { formatDay, formatDayShort } from '@/lib/format';
import { AnalyticsChart, type AnalyticsChartProps } from './analytics-chart';
import type { ChartSeries } from './chart-types';
import { texts } from './texts';

/** One chart of a grid, described by `chart()`; its row type is hidden so one list mixes rows. */
export interface ChartSpec {
  title: string;
  render: () => ReactElement;
}

/** Describes a chart of a `ChartGrid` (chart-grid.tsx): the props of `AnalyticsChart`. */
export function chart<Row>(props: AnalyticsChartProps<Row>): ChartSpec {
  return { title: props.title, render: () => <AnalyticsChart {...props} /> };
}

/** A series in one line: key, label, colour, where its value comes from and how it reads. */
export function series<Row>(
  key: string,
  label: string,
  color: string,
  value: (row: Row) => number | null,
  format: (value: number) => string,
): ChartSeries<Row> {
  return { key, label, color, value, format };
}

/** Axis, row label and table header of rows that are days. */
export function byDay<Row extends { day: string }>() {
  return {
    axisLabel: (row: Row) => formatDayShort(row.day),
    rowLabel: (row: Row) => formatDay(row.day),
    rowHeader: texts.chart.day,
  };
}
