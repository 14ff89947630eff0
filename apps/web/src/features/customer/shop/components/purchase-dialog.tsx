import { messages, type ShopPlan, type ShopProduct } from '@chaveiro/contract';
import { AlertCircle, CalendarClock, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatBRL } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDashboard } from '../../shared/api/get-dashboard';
import { formatDate } from '@/lib/format';
import { playSound } from '@/lib/sounds';
import { usePurchasePlan } from '../api/purchase-plan';
import { texts } from '../texts';

const t = texts.confirm;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the subscriptions screen scrolls to after a purchase. */
interface PurchasedState {
  highlightSubscription: string;
}

/** Until when the plan runs: from the current expiry when the product is held, else from now. */
function expiryAfter(
  product: ShopProduct,
  plan: ShopPlan,
  now: number,
): { extends: boolean; until: string } {
  const current = product.owned_until ? new Date(product.owned_until).getTime() : null;
  const running = current !== null && current > now;
  const base = running ? current : now;
  return { extends: running, until: new Date(base + plan.days * DAY_MS).toISOString() };
}

function Line({
  label,
  value,
  strong = false,
  negative = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
  negative?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className={cn(strong ? 'font-medium' : 'text-muted-foreground')}>{label}</dt>
      <dd className={cn('tabular-nums', strong && 'font-semibold', negative && 'text-destructive')}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Confirms a purchase showing the balance, the price and the balance left; disabled with a
 * deposit hint when the balance is short. Success goes to /dashboard and points at the card.
 */
export function PurchaseDialog({
  product,
  plan,
  onClose,
  onDeposit,
}: {
  product: ShopProduct;
  plan: ShopPlan;
  onClose: () => void;
  onDeposit: () => void;
}) {
  const navigate = useNavigate();
  const dashboard = useDashboard();
  const purchase = usePurchasePlan();
  const balance = dashboard.data?.balance;
  const after = balance === undefined ? undefined : Math.round((balance - plan.price) * 100) / 100;
  const short = after !== undefined && after < 0;
  const period = texts.days(plan.days);
  const [openedAt] = useState(Date.now);
  const expiry = expiryAfter(product, plan, openedAt);

  const buy = () =>
    purchase.mutate(
      { productId: product.id, durationType: plan.duration_type },
      {
        onSuccess: (answer) => {
          playSound('success');
          toast.success(answer.message);
          onClose();
          const state: PurchasedState = { highlightSubscription: answer.subscription_id };
          void navigate('/dashboard', { state });
        },
        onError: () => playSound('error'),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && !purchase.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>
            {t.description(product.name, messages.plans[plan.duration_type], period)}
          </DialogDescription>
        </DialogHeader>
        {balance === undefined ? (
          <p className="text-muted-foreground text-sm">{t.loadingBalance}</p>
        ) : (
          <dl className="grid gap-2 rounded-lg border p-3 text-sm">
            <Line label={t.currentBalance} value={formatBRL(balance)} />
            <Line label={t.price} value={`− ${formatBRL(plan.price)}`} />
            <div className="border-t" />
            <Line label={t.after} value={formatBRL(after ?? 0)} strong negative={short} />
          </dl>
        )}
        <p className="text-muted-foreground flex items-start gap-2 text-sm">
          <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {expiry.extends
            ? t.extends(period, formatDate(expiry.until))
            : t.creates(formatDate(expiry.until))}
        </p>
        {short ? (
          <Alert>
            <AlertCircle aria-hidden />
            <AlertDescription className="grid gap-2">
              <span>{t.insufficient(formatBRL(-(after ?? 0)))}</span>
              <Button
                size="sm"
                variant="outline"
                className="w-fit"
                onClick={() => {
                  onClose();
                  onDeposit();
                }}
              >
                <Wallet aria-hidden />
                {t.deposit}
              </Button>
            </AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={purchase.isPending}>
            {t.cancel}
          </Button>
          <PendingButton
            pending={purchase.isPending}
            disabled={balance === undefined || short}
            onClick={buy}
          >
            {t.buy}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
