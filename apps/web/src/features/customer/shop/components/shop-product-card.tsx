import type { PlanDurationType, ShopPlan, ShopProduct } from '@chaveiro/contract';
import { CheckCircle2, ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { formatBRL } from '@/lib/format';
import { formatDate } from '@/lib/format';
import { texts as t } from '../texts';
import { PlanPicker } from '@/components/plan-picker';
import { ProductStatusBadge } from './product-status-badge';
import { notForSaleReason } from './not-for-sale';

/** The plan a card starts on: the longest (usually the best value per day). */
function defaultPlan(plans: ShopPlan[]): PlanDurationType {
  return (plans.at(-1) ?? plans[0])?.duration_type ?? 'monthly';
}

function OwnedBadge({ until }: { until: string }) {
  const [now] = useState(Date.now);
  const running = new Date(until).getTime() > now;
  return (
    <Badge
      variant="outline"
      className={
        running
          ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400'
          : 'text-muted-foreground'
      }
    >
      <CheckCircle2 aria-hidden />
      {running ? t.owned(formatDate(until)) : t.ownedExpired}
    </Badge>
  );
}

/**
 * One product on sale: plan tiles, the chosen plan's price and the buy button. A product that
 * does not work now shows its status and the seller's note; when it cannot be bought meanwhile
 * the button is off and says why.
 */
export function ShopProductCard({
  product,
  onBuy,
}: {
  product: ShopProduct;
  onBuy: (product: ShopProduct, plan: ShopPlan) => void;
}) {
  const [selected, setSelected] = useState<PlanDurationType>(() => defaultPlan(product.plans));
  const plan = product.plans.find((candidate) => candidate.duration_type === selected);
  const reasonId = useId();
  const reason = notForSaleReason(product);

  return (
    <Card className="gap-4" role="article" aria-label={product.name}>
      <CardHeader className="gap-2">
        <CardTitle className="text-lg leading-snug break-words">{product.name}</CardTitle>
        {product.owned_until ? <OwnedBadge until={product.owned_until} /> : null}
        <ProductStatusBadge status={product.operational_status} />
        {product.operational_status !== 'operational' && !reason && product.status_note ? (
          <p className="text-sm break-words">{product.status_note}</p>
        ) : null}
        {product.description ? (
          <CardDescription className="line-clamp-3 break-words whitespace-pre-line">
            {product.description}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <PlanPicker
          productId={product.id}
          productName={product.name}
          plans={product.plans}
          value={selected}
          onChange={setSelected}
        />
        {plan ? (
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="text-2xl font-semibold tracking-tight tabular-nums">
              {formatBRL(plan.price)}
              <span className="text-muted-foreground ml-1.5 text-sm font-normal">
                {t.forDays(plan.days)}
              </span>
            </p>
            {plan.days > 1 ? (
              <p className="text-muted-foreground text-xs tabular-nums">
                {t.perDay(formatBRL(Math.round((plan.price / plan.days) * 100) / 100))}
              </p>
            ) : null}
          </div>
        ) : null}
      </CardContent>
      <CardFooter className="mt-auto flex-col items-stretch gap-2">
        {reason ? (
          <p id={reasonId} className="text-muted-foreground text-sm break-words">
            {reason}
          </p>
        ) : null}
        <Button
          className="w-full"
          disabled={!plan || reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          aria-label={t.buyProduct(product.name)}
          onClick={() => plan && onBuy(product, plan)}
        >
          <ShoppingCart aria-hidden />
          {t.buy}
        </Button>
      </CardFooter>
    </Card>
  );
}
