import type { ResellerStats } from '@chaveiro/contract';
import {
  BadgeDollarSign,
  CalendarClock,
  CircleCheck,
  HandCoins,
  KeyRound,
  PackageCheck,
  Store,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBRL, formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useResellerStats } from '../api/get-reseller-stats';
import { texts } from '../texts';

const t = texts.stats;

interface StatDefinition {
  key: keyof ResellerStats;
  title: string;
  hint: string;
  icon: LucideIcon;
  accent: string;
  money?: boolean;
}

const STATS: readonly StatDefinition[] = [
  {
    key: 'balance',
    title: t.balance,
    hint: t.balanceHint,
    icon: Wallet,
    accent: 'text-primary bg-primary/10',
    money: true,
  },
  {
    key: 'keysSold',
    title: t.keysSold,
    hint: t.keysSoldHint,
    icon: KeyRound,
    accent: 'text-violet-600 bg-violet-500/10 dark:text-violet-400',
  },
  {
    key: 'redeemed',
    title: t.redeemed,
    hint: t.redeemedHint,
    icon: CircleCheck,
    accent: 'text-sky-600 bg-sky-500/10 dark:text-sky-400',
  },
  {
    key: 'remaining',
    title: t.remaining,
    hint: t.remainingHint,
    icon: PackageCheck,
    accent: 'text-emerald-600 bg-emerald-500/10 dark:text-emerald-400',
  },
  {
    key: 'spentThisMonth',
    title: t.spentThisMonth,
    hint: t.spentThisMonthHint,
    icon: CalendarClock,
    accent: 'text-amber-600 bg-amber-500/10 dark:text-amber-400',
    money: true,
  },
];

/** Margins against retail, computed by the server from the prices stored on each key. */
const MARGINS: readonly StatDefinition[] = [
  {
    key: 'totalSpent',
    title: t.totalSpent,
    hint: t.totalSpentHint,
    icon: HandCoins,
    accent: 'text-amber-600 bg-amber-500/10 dark:text-amber-400',
    money: true,
  },
  {
    key: 'retailValue',
    title: t.retailValue,
    hint: t.retailValueHint,
    icon: Store,
    accent: 'text-sky-600 bg-sky-500/10 dark:text-sky-400',
    money: true,
  },
  {
    key: 'potentialMargin',
    title: t.potentialMargin,
    hint: t.potentialMarginHint,
    icon: TrendingUp,
    accent: 'text-violet-600 bg-violet-500/10 dark:text-violet-400',
    money: true,
  },
  {
    key: 'realisedMargin',
    title: t.realisedMargin,
    hint: t.realisedMarginHint,
    icon: BadgeDollarSign,
    accent: 'text-emerald-600 bg-emerald-500/10 dark:text-emerald-400',
    money: true,
  },
];

/** The balance and the statistics of the reseller's keys, then their margins. */
export function ResellerStatCards() {
  const stats = useResellerStats();
  if (stats.isError && !stats.data) return <LoadErrorAlert error={stats.error} />;

  return (
    <>
      <section
        aria-label={t.group}
        className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4 xl:grid-cols-5"
      >
        {STATS.map((stat, index) => (
          <StatCard
            key={stat.key}
            stat={stat}
            stats={stats.data}
            // The balance leads: a row of its own until all five fit in one.
            className={index === 0 ? 'col-span-2 md:col-span-4 xl:col-span-1' : undefined}
          />
        ))}
      </section>
      <section aria-labelledby="reseller-margins" className="grid gap-3">
        <div className="grid gap-0.5">
          <h2 id="reseller-margins" className="text-base font-semibold">
            {t.marginGroup}
          </h2>
          <p className="text-muted-foreground text-xs">{t.marginNote}</p>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
          {MARGINS.map((stat) => (
            <StatCard key={stat.key} stat={stat} stats={stats.data} />
          ))}
        </div>
      </section>
    </>
  );
}

function StatCard({
  stat: { key, title, hint, icon: Icon, accent, money },
  stats,
  className,
}: {
  stat: StatDefinition;
  stats: ResellerStats | undefined;
  className?: string | undefined;
}) {
  return (
    <Card
      role="group"
      aria-label={title}
      className={cn('min-w-0 gap-2 py-4 sm:gap-3 sm:py-5', className)}
    >
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4 sm:px-5">
        <CardTitle className="text-muted-foreground text-sm font-medium">{title}</CardTitle>
        <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', accent)}>
          <Icon className="size-4" aria-hidden />
        </span>
      </CardHeader>
      <CardContent className="grid gap-1 px-4 sm:px-5">
        {stats ? (
          <p className="text-xl font-bold tabular-nums sm:text-3xl">
            {money ? formatBRL(stats[key]) : formatCount(stats[key])}
          </p>
        ) : (
          <Skeleton className="h-8 w-20" />
        )}
        <p className="text-muted-foreground text-xs">{hint}</p>
      </CardContent>
    </Card>
  );
}
