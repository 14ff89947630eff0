import type { LucideIcon } from 'lucide-react';
import { ChangeLine } from './change-line';
import { KpiCard } from './kpi-card';
import { texts } from './texts';

/** One figure of a period's totals, described rather than written out as a `KpiCard`. */
export interface KpiSpec<Totals> {
  title: string;
  icon: LucideIcon;
  accent: string;
  value: (totals: Totals) => string;
  /** A second figure under the value (`12 vendas`). */
  detail?: (totals: Totals) => string | undefined;
  /** The number the change line compares with the previous period's; null: no change line. */
  change: (totals: Totals) => number | null;
  /** Whether a rise is good news (the default) or bad: the change line's colour. */
  goodWhen?: 'up' | 'down';
  className?: string;
}

interface KpiListProps<Totals> {
  items: readonly KpiSpec<Totals>[];
  /** Undefined while loading: skeletons. */
  totals: { current: Totals; previous: Totals } | undefined;
}

/** A period's totals as cards, each with its change against the previous period. */
export function KpiList<Totals>({ items, totals }: KpiListProps<Totals>) {
  const current = totals?.current;
  return items.map((item) => {
    const now = current && item.change(current);
    return (
      <KpiCard
        key={item.title}
        title={item.title}
        icon={item.icon}
        accent={item.accent}
        value={current && item.value(current)}
        detail={current && item.detail?.(current)}
        change={
          totals &&
          now != null && (
            <ChangeLine
              current={now}
              previous={item.change(totals.previous) ?? 0}
              against={texts.change.vsPrevious}
              mode="percent"
              goodWhen={item.goodWhen}
            />
          )
        }
        className={item.className}
      />
    );
  });
}
