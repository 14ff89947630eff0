import type { ProductStatusPeriod } from '@chaveiro/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ProductStatusBadge } from './product-status-badge';
import { productStatusTexts } from './texts';
import { useProductStatusHistory } from './use-product-status-history';

const t = productStatusTexts.history;

/** "Histórico de status": the product's timeline of statuses, newest first. */
export function ProductStatusHistoryDialog({
  product,
  onClose,
}: {
  product: { id: string; name: string };
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t.title(product.name)}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <StatusTimeline productId={product.id} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function StatusTimeline({ productId }: { productId: string }) {
  const history = useProductStatusHistory(productId);
  if (history.isPending) {
    return <p className="text-muted-foreground text-sm">{t.loading}</p>;
  }
  if (history.isError) {
    return (
      <div className="grid justify-items-start gap-2">
        <p className="text-destructive text-sm">{t.failed}</p>
        <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  }
  const periods = history.data.items;
  if (periods.length === 0) {
    return <p className="text-muted-foreground text-sm">{t.empty}</p>;
  }
  return (
    <ol className="grid gap-4 border-l pl-4" aria-label={t.label}>
      {periods.map((period) => (
        <PeriodItem key={period.id} period={period} />
      ))}
    </ol>
  );
}

const DOT_TONES = {
  operational: 'bg-emerald-500',
  updating: 'bg-amber-500',
  unavailable: 'bg-red-500',
} as const;

function PeriodItem({ period }: { period: ProductStatusPeriod }) {
  const current = period.endedAt === null;
  const down = period.status !== 'operational';
  const facts = [
    down ? (period.freezeTime ? t.timeFrozen : t.timeRunning) : null,
    down || period.subscriptionsAffected > 0 ? t.affected(period.subscriptionsAffected) : null,
    period.givenBackMs > 0 ? t.givenBack(period.givenBackMs, period.subscriptionsAffected) : null,
  ].filter((fact): fact is string => fact !== null);

  return (
    <li className="relative grid min-w-0 gap-1 text-sm" data-testid="status-period">
      <span
        aria-hidden
        className={cn(
          'absolute top-1.5 -left-[1.3rem] size-2 rounded-full',
          DOT_TONES[period.status],
        )}
      />
      <div className="flex flex-wrap items-center gap-2">
        <ProductStatusBadge status={period.status} showOperational />
        <span className="font-medium tabular-nums">{t.duration(period.durationMs)}</span>
        {current ? <Badge variant="secondary">{t.current}</Badge> : null}
      </div>
      <p className="text-muted-foreground text-xs tabular-nums">
        {period.endedAt === null ? (
          <time dateTime={period.startedAt}>{t.since(formatDateTime(period.startedAt))}</time>
        ) : (
          t.range(formatDateTime(period.startedAt), formatDateTime(period.endedAt))
        )}
      </p>
      {period.note ? <p className="break-words">{period.note}</p> : null}
      <p className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
        <span>{t.by(period.changedBy)}</span>
        {period.reason ? <span className="break-words">{t.reason(period.reason)}</span> : null}
      </p>
      {facts.length > 0 ? (
        <p className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
          {facts.map((fact) => (
            <span key={fact}>{fact}</span>
          ))}
        </p>
      ) : null}
    </li>
  );
}
