import type { ShopPlan, ShopProduct } from '@chaveiro/contract';
import { CalendarClock } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { expiryAfter } from '../pricing';
import { checkoutTexts as t } from '../texts';

/** Until when the plan runs: "estendida … até" for a product held, "ativada agora" otherwise. */
export function ExpiryLine({
  product,
  plan,
  openedAt,
}: {
  product: ShopProduct;
  plan: ShopPlan;
  /** When the dialog opened: the line stays put while it is open. */
  openedAt: number;
}) {
  const expiry = expiryAfter(product.owned_until, plan.days, openedAt);
  return (
    <p className="text-muted-foreground flex items-start gap-2 text-sm">
      <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
      {expiry.extends
        ? t.extends(t.days(plan.days), formatDate(expiry.until))
        : t.creates(formatDate(expiry.until))}
    </p>
  );
}
