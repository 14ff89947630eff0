import type { MetricsResponse } from '@chaveiro/contract';
import { Ban, CalendarX, UserCheck, Wifi, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMetrics } from '../api/get-metrics';
import { formatCount } from '@/lib/format';

interface MetricDefinition {
  key: keyof MetricsResponse;
  title: string;
  subtitle: string;
  icon: LucideIcon;
  accent: string;
}

/** Spec §2: the four cards, their titles and subtitles verbatim. */
const METRICS: readonly MetricDefinition[] = [
  {
    key: 'onlineUsers',
    title: 'Usuários Online',
    subtitle: 'Logados no cheat agora',
    icon: Wifi,
    accent: 'text-emerald-600 bg-emerald-500/10 dark:text-emerald-400',
  },
  {
    key: 'activeUsers',
    title: 'Usuários Ativos',
    subtitle: 'Com produto ativo',
    icon: UserCheck,
    accent: 'text-primary bg-primary/10',
  },
  {
    key: 'bannedUsers',
    title: 'Usuários Banidos',
    subtitle: 'Banidos permanentemente',
    icon: Ban,
    accent: 'text-destructive bg-destructive/10',
  },
  {
    key: 'expiredSubscriptions',
    title: 'Assinaturas Expiradas',
    subtitle: 'Expiraram nos últimos 30 dias',
    icon: CalendarX,
    accent: 'text-amber-600 bg-amber-500/10 dark:text-amber-400',
  },
];

interface MetricCardsProps {
  /** A line under each card's subtitle, e.g. its change against a past day. */
  change?: (metric: keyof MetricsResponse, value: number) => ReactNode;
}

/** Polled every second; the figures stay in place between answers, so nothing flashes. */
export function MetricCards({ change }: MetricCardsProps = {}) {
  const metrics = useMetrics();
  if (metrics.isError && !metrics.data) return <LoadErrorAlert error={metrics.error} />;

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {METRICS.map(({ key, title, subtitle, icon: Icon, accent }) => (
        <Card key={key} className="gap-3" role="group" aria-label={title}>
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle className="text-muted-foreground text-sm font-medium">{title}</CardTitle>
            <span className={`flex size-8 items-center justify-center rounded-md ${accent}`}>
              <Icon className="size-4" aria-hidden />
            </span>
          </CardHeader>
          <CardContent className="grid gap-1">
            {metrics.data ? (
              <p className="text-3xl font-bold tabular-nums" data-testid={`metric-${key}`}>
                {formatCount(metrics.data[key])}
              </p>
            ) : (
              <Skeleton className="h-9 w-16" />
            )}
            <p className="text-muted-foreground text-xs">{subtitle}</p>
            {change && metrics.data && change(key, metrics.data[key])}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
