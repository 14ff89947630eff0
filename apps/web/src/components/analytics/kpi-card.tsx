import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface KpiCardProps {
  title: string;
  icon: LucideIcon;
  accent: string;
  /** Undefined while loading: a skeleton. */
  value: string | undefined;
  /** A second figure under the value (`12 vendas`). */
  detail?: string | undefined;
  /** The change line (`ChangeLine`). */
  change?: ReactNode;
  className?: string;
}

/** One figure of a period with its change against the previous period. */
export function KpiCard({
  title,
  icon: Icon,
  accent,
  value,
  detail,
  change,
  className,
}: KpiCardProps) {
  return (
    <Card role="group" aria-label={title} className={cn('min-w-0 gap-2 py-4', className)}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle className="text-muted-foreground text-sm font-medium">{title}</CardTitle>
        <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-md', accent)}>
          <Icon className="size-4" aria-hidden />
        </span>
      </CardHeader>
      <CardContent className="grid gap-1 px-4">
        {value === undefined ? (
          <>
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-4 w-32" />
          </>
        ) : (
          <>
            <p className="text-xl font-bold whitespace-nowrap tabular-nums">{value}</p>
            {detail && <p className="text-muted-foreground text-xs">{detail}</p>}
            {change}
          </>
        )}
      </CardContent>
    </Card>
  );
}
