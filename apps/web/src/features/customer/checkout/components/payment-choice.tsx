import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { formatBRL } from '@/lib/format';
import { cn } from '@/lib/utils';
import { toReais, type Payment, type Quote } from '../pricing';
import { checkoutTexts as t } from '../texts';

function PaymentOption({
  value,
  title,
  hint,
  disabled = false,
}: {
  value: Payment;
  title: string;
  hint: string;
  disabled?: boolean;
}) {
  const id = `payment-${value}`;
  return (
    <Label
      htmlFor={id}
      className={cn(
        'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5 flex items-start gap-2.5 rounded-lg border p-2.5 font-normal transition-colors',
        disabled ? 'cursor-not-allowed opacity-60' : 'hover:bg-accent/50 cursor-pointer',
      )}
    >
      <RadioGroupItem value={value} id={id} disabled={disabled} className="mt-0.5" />
      <span className="grid min-w-0 gap-0.5">
        <span className="text-sm font-medium">{title}</span>
        <span className="text-muted-foreground text-xs">{hint}</span>
      </span>
    </Label>
  );
}

/**
 * "Como pagar": the balance (shown disabled when it is short, so the customer sees why), the
 * shortfall by PIX when some balance is there to use, and the whole price by PIX.
 */
export function PaymentChoice({
  offer,
  payment,
  onChange,
}: {
  offer: Quote;
  payment: Payment;
  onChange: (payment: Payment) => void;
}) {
  const balance = formatBRL(toReais(offer.balanceCents));
  return (
    <RadioGroup
      value={payment}
      onValueChange={(next) => onChange(next as Payment)}
      aria-label={t.payWith}
      className="grid gap-2"
    >
      <PaymentOption
        value="balance"
        title={t.payBalance}
        hint={offer.covers ? t.payBalanceHint : t.payBalanceShort}
        disabled={!offer.covers}
      />
      {offer.payments.includes('shortfall') ? (
        <PaymentOption
          value="shortfall"
          title={t.payShortfall(formatBRL(toReais(offer.shortfallCents)))}
          hint={t.payShortfallHint(balance)}
        />
      ) : null}
      <PaymentOption
        value="full"
        title={t.payFull(formatBRL(toReais(offer.priceCents)))}
        hint={t.payFullHint}
      />
    </RadioGroup>
  );
}
