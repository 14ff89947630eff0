import type { ChartPoint, ChartSeries } from './chart-types';
import { texts } from './texts';

/** The tooltip of a chart's row: its full label and each series' value, in theme colours. */
export function ChartTooltipBox<Row>({
  point,
  series,
}: {
  point: ChartPoint | undefined;
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
              {typeof value === 'number' ? s.format(value) : texts.chart.noValue}
            </span>
          </p>
        );
      })}
    </div>
  );
}
