import { cn } from '@/lib/utils';
import { formatBRL } from '@/lib/format';
import { split, toReais, type Payment, type Quote } from '../pricing';
import { checkoutTexts as t } from '../texts';

function Line({
  label,
  cents,
  minus = false,
  strong = false,
}: {
  label: string;
  cents: number;
  /** Shown as taken away ("− R$ 49,90"). */
  minus?: boolean;
  strong?: boolean;
}) {
  const amount = formatBRL(toReais(cents));
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className={cn(strong ? 'font-medium' : 'text-muted-foreground')}>{label}</dt>
      <dd className={cn('tabular-nums', strong && 'font-semibold')}>
        {minus ? `− ${amount}` : amount}
      </dd>
    </div>
  );
}

/** The balance, the price, and what the chosen way of paying leaves or asks by PIX. */
export function PaymentSummary({ offer, payment }: { offer: Quote; payment: Payment }) {
  const { fromBalanceCents, pixCents, balanceAfterCents } = split(offer, payment);
  return (
    <dl className="grid gap-2 rounded-lg border p-3 text-sm">
      <Line label={t.currentBalance} cents={offer.balanceCents} />
      <Line label={t.price} cents={offer.priceCents} minus />
      <div className="border-t" />
      {payment === 'balance' ? (
        <Line label={t.after} cents={balanceAfterCents} strong />
      ) : (
        <>
          {payment === 'shortfall' ? <Line label={t.fromBalance} cents={fromBalanceCents} /> : null}
          <Line label={t.byPix} cents={pixCents} strong />
        </>
      )}
    </dl>
  );
}
