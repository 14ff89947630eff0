import { texts } from './texts';

/** One line, area or set of bars: where its numbers come from and how they read. */
export interface ChartSeries<Row> {
  key: string;
  label: string;
  /** A CSS colour, a theme variable so it follows dark mode: `var(--chart-1)`. */
  color: string;
  value: (row: Row) => number | null;
  format: (value: number) => string;
}

export type ChartKind = 'line' | 'bar' | 'area' | 'horizontal-bar';

/** A row as the chart library reads it: its two labels and one value per series key. */
export interface ChartPoint {
  axis: string;
  full: string;
  [key: string]: string | number | null;
}

/** A series' value in a row as the table and the announcement say it ("—" for none). */
export function formatValue<Row>(series: ChartSeries<Row>, row: Row): string {
  const value = series.value(row);
  return value === null ? texts.chart.noValue : series.format(value);
}
