import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { texts } from './texts';

const t = texts.chart;

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

interface Point {
  axis: string;
  full: string;
  [key: string]: string | number | null;
}

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
const AXIS_LINE = { stroke: 'var(--border)' };

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
  const [active, setActive] = useState<number | null>(null);
  const empty = rows.every((row) => tableSeries.every((s) => !s.value(row)));

  const points: Point[] = rows.map((row) => {
    const point: Point = { axis: axisLabel(row), full: rowLabel(row) };
    for (const s of series) point[s.key] = s.value(row);
    return point;
  });
  const describe = (index: number) => {
    const row = rows[index];
    if (row === undefined) return '';
    const values = tableSeries.map((s) => `${s.label} ${formatValue(s, row)}`).join(', ');
    return `${rowLabel(row)}: ${values}`;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = rows.length - 1;
    if (last < 0) return;
    let next: number | null;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = active === null ? 0 : Math.min(last, active + 1);
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        next = active === null ? last : Math.max(0, active - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      case 'Escape':
        next = null;
        break;
      default:
        return;
    }
    event.preventDefault();
    setActive(next);
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
          <div className="max-h-[320px] overflow-y-auto rounded-md border [&_[data-slot=table-container]]:overflow-visible">
            <Table>
              <TableCaption className="sr-only">{title}</TableCaption>
              <TableHeader className="bg-card sticky top-0">
                <TableRow>
                  <TableHead scope="col">{rowHeader}</TableHead>
                  {tableSeries.map((s) => (
                    <TableHead key={s.key} scope="col" className="text-right">
                      {s.label}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row, index) => (
                  <TableRow key={index}>
                    <TableHead scope="row" className="min-w-28 font-normal whitespace-normal">
                      {rowLabel(row)}
                    </TableHead>
                    {tableSeries.map((s) => (
                      <TableCell key={s.key} className="text-right tabular-nums">
                        {formatValue(s, row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
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

function formatValue<Row>(series: ChartSeries<Row>, row: Row): string {
  const value = series.value(row);
  return value === null ? t.noValue : series.format(value);
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

function renderChart<Row>(
  kind: ChartKind,
  points: Point[],
  series: readonly ChartSeries<Row>[],
  active: number | null,
  valueAxis: ((value: number) => string) | undefined,
) {
  const margin = { top: 8, right: 16, bottom: 0, left: 0 };
  const tooltip = (
    <Tooltip
      // The keyboard's highlighted row holds the tooltip; without it the pointer drives it.
      defaultIndex={active ?? undefined}
      active={active === null ? undefined : true}
      isAnimationActive={false}
      cursor={kind === 'line' || kind === 'area' ? AXIS_LINE : { fill: 'var(--muted)' }}
      content={({ active: shown, payload }) => (
        <TooltipBox
          point={shown ? (payload[0]?.payload as Point | undefined) : undefined}
          series={series}
        />
      )}
    />
  );
  const grid = (
    <CartesianGrid
      stroke="var(--border)"
      strokeDasharray="3 3"
      vertical={kind === 'horizontal-bar'}
      horizontal={kind !== 'horizontal-bar'}
    />
  );
  const valueAxisProps = {
    tick: AXIS_TICK,
    axisLine: false,
    tickLine: false,
    allowDecimals: false,
    tickFormatter: valueAxis,
  } as const;
  const categoryAxisProps = {
    dataKey: 'axis',
    tick: AXIS_TICK,
    axisLine: AXIS_LINE,
    tickLine: false,
    minTickGap: 12,
  } as const;

  if (kind === 'horizontal-bar') {
    return (
      <BarChart
        data={points}
        layout="vertical"
        margin={margin}
        accessibilityLayer={false}
        barCategoryGap="20%"
      >
        {grid}
        <XAxis type="number" {...valueAxisProps} />
        <YAxis
          type="category"
          {...categoryAxisProps}
          axisLine={false}
          width={140}
          interval={0}
          tickFormatter={(value: string) => (value.length > 17 ? `${value.slice(0, 16)}…` : value)}
        />
        {tooltip}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[0, 4, 4, 0]} />
        ))}
      </BarChart>
    );
  }
  const axes = (
    <>
      {grid}
      <XAxis {...categoryAxisProps} interval="preserveStartEnd" />
      <YAxis {...valueAxisProps} width={valueAxis ? 84 : 40} />
      {tooltip}
    </>
  );
  if (kind === 'bar') {
    return (
      <BarChart data={points} margin={margin} accessibilityLayer={false}>
        {axes}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[3, 3, 0, 0]} />
        ))}
      </BarChart>
    );
  }
  if (kind === 'area') {
    return (
      <AreaChart data={points} margin={margin} accessibilityLayer={false}>
        {axes}
        {series.map((s) => (
          <Area
            key={s.key}
            dataKey={s.key}
            name={s.label}
            type="monotone"
            stroke={s.color}
            fill={s.color}
            fillOpacity={0.15}
            strokeWidth={2}
            dot={dotFor(points, s)}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    );
  }
  return (
    <LineChart data={points} margin={margin} accessibilityLayer={false}>
      {axes}
      {series.map((s) => (
        <Line
          key={s.key}
          dataKey={s.key}
          name={s.label}
          type="monotone"
          stroke={s.color}
          strokeWidth={2}
          dot={dotFor(points, s)}
          activeDot={{ r: 4, fill: s.color, stroke: 'var(--card)' }}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

/**
 * Dots on a line where it has few points: a day between two unsampled days, or a short range,
 * would otherwise draw nothing or hide where the values are.
 */
function dotFor<Row>(points: Point[], series: ChartSeries<Row>) {
  const values = points.filter((point) => point[series.key] !== null).length;
  return values <= 2 || points.length <= 14
    ? { r: 2.5, fill: series.color, stroke: series.color }
    : false;
}

function TooltipBox<Row>({
  point,
  series,
}: {
  point: Point | undefined;
  series: readonly ChartSeries<Row>[];
}) {
  if (!point) return null;
  return (
    <div className="bg-popover text-popover-foreground grid gap-1 rounded-md border px-3 py-2 text-xs shadow-md">
      <p className="font-medium">{point.full}</p>
      {series.map((s) => {
        const value = point[s.key];
        return (
          <p key={s.key} className="flex items-center gap-2">
            <span className="size-2 rounded-sm" style={{ background: s.color }} aria-hidden />
            <span className="text-muted-foreground">{s.label}</span>
            <span className="ml-auto pl-2 font-medium tabular-nums">
              {typeof value === 'number' ? s.format(value) : t.noValue}
            </span>
          </p>
        );
      })}
    </div>
  );
}
