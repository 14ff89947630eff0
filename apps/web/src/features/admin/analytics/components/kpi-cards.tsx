import type { AnalyticsTotals } from '@chaveiro/contract';
import { Banknote, LogIn, ShoppingCart, Ticket, UserPlus } from 'lucide-react';
import { ChangeLine } from '@/components/analytics/change-line';
import { KpiCard } from '@/components/analytics/kpi-card';
import { texts as shared } from '@/components/analytics/texts';
import { formatBRL, formatCount } from '@/lib/format';
import { texts } from '../texts';

const t = texts.kpi;

/** The period's totals, each with its change against the previous period. */
export function KpiCards({
  totals,
}: {
  totals: { current: AnalyticsTotals; previous: AnalyticsTotals } | undefined;
}) {
  const current = totals?.current;
  const change = (pick: (totals: AnalyticsTotals) => number | null) => {
    if (!totals) return null;
    const now = pick(totals.current);
    if (now === null) return null;
    return (
      <ChangeLine
        current={now}
        previous={pick(totals.previous) ?? 0}
        against={shared.change.vsPrevious}
        mode="percent"
      />
    );
  };
  return (
    <section
      aria-label={t.group}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5"
    >
      <KpiCard
        title={t.deposits}
        icon={Banknote}
        accent="text-emerald-700 bg-emerald-500/10 dark:text-emerald-400"
        value={current && formatBRL(current.deposits)}
        detail={current && t.depositsDetail(current.depositsCount)}
        change={change((x) => x.deposits)}
        className="col-span-2 sm:col-span-1"
      />
      <KpiCard
        title={t.sales}
        icon={ShoppingCart}
        accent="text-primary bg-primary/10"
        value={current && formatBRL(current.sales)}
        detail={current && t.salesDetail(current.salesCount)}
        change={change((x) => x.sales)}
      />
      <KpiCard
        title={t.signups}
        icon={UserPlus}
        accent="text-sky-700 bg-sky-500/10 dark:text-sky-400"
        value={current && formatCount(current.signups)}
        change={change((x) => x.signups)}
      />
      <KpiCard
        title={t.redemptions}
        icon={Ticket}
        accent="text-violet-700 bg-violet-500/10 dark:text-violet-400"
        value={current && formatCount(current.redemptions)}
        change={change((x) => x.redemptions)}
      />
      <KpiCard
        title={t.onlinePeak}
        icon={LogIn}
        accent="text-amber-700 bg-amber-500/10 dark:text-amber-400"
        value={
          current && (current.onlinePeak === null ? t.noSamples : formatCount(current.onlinePeak))
        }
        detail={current?.onlineAverage != null ? t.onlineAverage(current.onlineAverage) : undefined}
        change={change((x) => x.onlinePeak)}
      />
    </section>
  );
}
