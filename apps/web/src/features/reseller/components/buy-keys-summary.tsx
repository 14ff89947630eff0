import type { ResellerProduct } from '@chaveiro/contract';
import { formatBRL } from '@/lib/format';
import { cn } from '@/lib/utils';
import { texts } from '../texts';

const t = texts.buy;

function SummaryRow({
  label,
  value,
  strong = false,
  divided = false,
  tone,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** A rule above the row: the per-key figures end, the purchase's begin. */
  divided?: boolean;
  tone?: 'danger' | 'positive';
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', divided && 'border-t pt-2')}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'tabular-nums',
          strong && 'text-base font-semibold',
          tone === 'danger' && 'text-destructive font-semibold',
          tone === 'positive' && 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The purchase's figures: per key (price, retail price, margin), then for the quantity (total,
 * margin) and the balance before and after; a dash for what is not known yet.
 */
export function BuyKeysSummary({
  plan,
  totalCents,
  totalMarginCents,
  balanceCents,
  afterCents,
  insufficient,
}: {
  plan: ResellerProduct['plans'][number] | undefined;
  totalCents: number | null;
  totalMarginCents: number | null;
  balanceCents: number | null;
  afterCents: number | null;
  insufficient: boolean;
}) {
  return (
    <dl className="grid gap-2 text-sm" aria-label={t.summary}>
      <SummaryRow label={t.unitPrice} value={plan ? formatBRL(plan.price) : '—'} />
      <SummaryRow label={t.retailPrice} value={plan ? formatBRL(plan.retailPrice) : '—'} />
      <SummaryRow
        label={t.margin}
        value={
          plan
            ? t.marginValue(
                formatBRL(plan.margin),
                plan.marginPercent === null ? null : plan.marginPercent.toLocaleString('pt-BR'),
              )
            : '—'
        }
        tone="positive"
      />
      <SummaryRow
        label={t.total}
        value={totalCents === null ? '—' : formatBRL(totalCents / 100)}
        strong
        divided
      />
      <SummaryRow
        label={t.totalMargin}
        value={totalMarginCents === null ? '—' : formatBRL(totalMarginCents / 100)}
        tone="positive"
      />
      <SummaryRow
        label={t.currentBalance}
        value={balanceCents === null ? '—' : formatBRL(balanceCents / 100)}
      />
      <SummaryRow
        label={t.balanceAfter}
        value={afterCents === null ? '—' : formatBRL(afterCents / 100)}
        {...(insufficient ? { tone: 'danger' as const } : {})}
      />
    </dl>
  );
}
