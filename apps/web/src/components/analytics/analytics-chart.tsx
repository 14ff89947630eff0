import { useId, useState, type ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { renderChart } from './chart-plot';
import { ChartTable } from './chart-table';
import { formatValue, type ChartKind, type ChartPoint, type ChartSeries } from './chart-types';
import { texts } from './texts';
import { useRowHighlight } from './use-row-highlight';

const t = texts.chart;

export interface AnalyticsChartProps<Row> {
  title: string;
  description?: ReactNode;
  rows: readonly Row[];
  /** The table's first column: Dia, Produto, Horário. */
  rowHeader: string;
  /** A row on the axis: `18/11`. */
  axisLabel: (row: Row) => string;
  /** A row in the table, the tooltip and the announcement: `18/11/2026`. */
  rowLabel: (row: Row) => string;
  series: readonly ChartSeries<Row>[];
  /** The table's and the announcement's columns, when they say more than the chart draws. */
  tableSeries?: readonly ChartSeries<Row>[];
  kind: ChartKind;
  /** Value-axis ticks, where room is short: `R$ 1,2 mil`. */
  valueAxis?: (value: number) => string;
  height?: number;
  className?: string;
}

/**
 * A chart in a card with a "Ver tabela" toggle showing the same numbers in a table. The chart is
 * one tab stop: the arrows move a highlighted row whose values a live region reads out, and the
 * tooltip follows it. Colours are theme variables, so axes, grid and tooltip read in dark mode.
 */
export function AnalyticsChart<Row>({
  title,
  description,
  rows,
  rowHeader,
  axisLabel,
  rowLabel,
  series,
  tableSeries = series,
  kind,
  valueAxis,
  height = 240,
  className,
}: AnalyticsChartProps<Row>) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const { active, setActive, onKeyDown } = useRowHighlight(rows.length);
  const empty = rows.every((row) => tableSeries.every((s) => !s.value(row)));

  const points: ChartPoint[] = rows.map((row) => {
    const point: ChartPoint = { axis: axisLabel(row), full: rowLabel(row) };
    for (const s of series) point[s.key] = s.value(row);
    return point;
  });
  const describe = (index: number) => {
    const row = rows[index];
    if (row === undefined) return '';
    const values = tableSeries.map((s) => `${s.label} ${formatValue(s, row)}`).join(', ');
    return `${rowLabel(row)}: ${values}`;
  };

  return (
    <Card className={cn('min-w-0 gap-4', className)} role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-base">
          {title}
        </CardTitle>
        {description && <p className="text-muted-foreground text-sm">{description}</p>}
        <CardAction>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-controls={`${id}-body`}
            onClick={() => {
              setAsTable((value) => !value);
              setActive(null);
            }}
          >
            {asTable ? t.showChart : t.showTable}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent id={`${id}-body`} className="grid min-w-0 gap-2">
        {empty ? (
          <p
            className="text-muted-foreground flex items-center justify-center rounded-md border border-dashed text-sm"
            style={{ height: asTable ? undefined : height, minHeight: 96 }}
          >
            {t.empty}
          </p>
        ) : asTable ? (
          <ChartTable
            title={title}
            rows={rows}
            rowHeader={rowHeader}
            rowLabel={rowLabel}
            series={tableSeries}
          />
        ) : (
          <>
            {series.length > 1 && <Legend series={series} />}
            <div
              tabIndex={0}
              role="group"
              aria-label={t.chartLabel(title)}
              aria-describedby={`${id}-hint`}
              onKeyDown={onKeyDown}
              onBlur={() => setActive(null)}
              className="focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]"
              data-testid="chart-surface"
            >
              <ResponsiveContainer
                width="100%"
                height={height}
                initialDimension={{ width: 480, height }}
              >
                {renderChart(kind, points, series, active, valueAxis)}
              </ResponsiveContainer>
            </div>
            <p id={`${id}-hint`} className="sr-only">
              {t.keyboardHint}
            </p>
          </>
        )}
        <p
          aria-live="polite"
          aria-atomic="true"
          // Shown while the keyboard highlights a row; always there, so it is announced.
          className={cn('text-muted-foreground text-xs', (active === null || asTable) && 'sr-only')}
        >
          {active !== null && !asTable ? describe(active) : ''}
        </p>
      </CardContent>
    </Card>
  );
}

function Legend<Row>({ series }: { series: readonly ChartSeries<Row>[] }) {
  return (
    <ul className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden>
      {series.map((s) => (
        <li key={s.key} className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}
