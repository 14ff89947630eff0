import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartTooltipBox } from './chart-tooltip-box';
import type { ChartKind, ChartPoint, ChartSeries } from './chart-types';

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
const AXIS_LINE = { stroke: 'var(--border)' };

/**
 * The recharts element of one kind of chart (the direct child ResponsiveContainer sizes): theme
 * colours on axes, grid and tooltip; the keyboard's highlighted row, when there is one, holds the
 * tooltip.
 */
export function renderChart<Row>(
  kind: ChartKind,
  points: ChartPoint[],
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
        <ChartTooltipBox
          point={shown ? (payload[0]?.payload as ChartPoint | undefined) : undefined}
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
function dotFor<Row>(points: ChartPoint[], series: ChartSeries<Row>) {
  const values = points.filter((point) => point[series.key] !== null).length;
  return values <= 2 || points.length <= 14
    ? { r: 2.5, fill: series.color, stroke: series.color }
    : false;
}
