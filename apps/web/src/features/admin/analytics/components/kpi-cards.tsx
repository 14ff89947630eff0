import type { AnalyticsTotals } from '@chaveiro/contract';
import { formatDuration } from '@chaveiro/contract';
import { Banknote, History, LogIn, ShoppingCart, Ticket, UserPlus } from 'lucide-react';
import { KpiList, type KpiSpec } from '@/components/analytics/kpi-list';
import { formatBRL, formatCount } from '@/lib/format';
import { texts } from '../texts';

const t = texts.kpi;

const KPIS: KpiSpec<AnalyticsTotals>[] = [
  {
    title: t.deposits,
    icon: Banknote,
    accent: 'text-emerald-700 bg-emerald-500/10 dark:text-emerald-400',
    value: (x) => formatBRL(x.deposits),
    detail: (x) => t.depositsDetail(x.depositsCount),
    change: (x) => x.deposits,
    className: 'col-span-2 sm:col-span-1',
  },
  {
    title: t.sales,
    icon: ShoppingCart,
    accent: 'text-primary bg-primary/10',
    value: (x) => formatBRL(x.sales),
    detail: (x) => t.salesDetail(x.salesCount),
    change: (x) => x.sales,
  },
  {
    title: t.signups,
    icon: UserPlus,
    accent: 'text-sky-700 bg-sky-500/10 dark:text-sky-400',
    value: (x) => formatCount(x.signups),
    change: (x) => x.signups,
  },
  {
    title: t.redemptions,
    icon: Ticket,
    accent: 'text-violet-700 bg-violet-500/10 dark:text-violet-400',
    value: (x) => formatCount(x.redemptions),
    change: (x) => x.redemptions,
  },
  {
    title: t.onlinePeak,
    icon: LogIn,
    accent: 'text-amber-700 bg-amber-500/10 dark:text-amber-400',
    value: (x) => (x.onlinePeak === null ? t.noSamples : formatCount(x.onlinePeak)),
    detail: (x) => (x.onlineAverage != null ? t.onlineAverage(x.onlineAverage) : undefined),
    change: (x) => x.onlinePeak,
  },
  {
    title: t.givenBack,
    icon: History,
    accent: 'text-teal-700 bg-teal-500/10 dark:text-teal-400',
    value: (x) => formatDuration(x.givenBackMs),
    detail: () => t.givenBackDetail,
    change: (x) => x.givenBackMs,
    // More time given back means products were down longer.
    goodWhen: 'down',
    className: 'col-span-2 sm:col-span-1',
  },
];

/** The period's totals, each with its change against the previous period. */
export function KpiCards({
  totals,
}: {
  totals: { current: AnalyticsTotals; previous: AnalyticsTotals } | undefined;
}) {
  return (
    <section
      aria-label={t.group}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6"
    >
      <KpiList items={KPIS} totals={totals} />
    </section>
  );
}
