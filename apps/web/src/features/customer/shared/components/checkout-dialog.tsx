import {
  messages,
  type CheckoutResponse,
  type PlanDurationType,
  type ShopPlan,
  type ShopProduct,
} from '@chaveiro/contract';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CalendarClock, CircleCheck, Loader2, Receipt, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { formatBRL, formatDate } from '@/lib/format';
import { playSound } from '@/lib/sounds';
import { cn } from '@/lib/utils';
import { invalidatePurchase, useCheckout } from '../api/checkout';
import { useDashboard } from '../api/get-dashboard';
import { useOrder } from '../api/get-order';
import { checkoutTexts as t } from '../lib/checkout-texts';
import { DepositInstructions } from './deposit-instructions';
import { PlanPicker } from './plan-picker';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How the plan is paid: all from the balance, the shortfall by PIX, or all by PIX. */
type Payment = 'balance' | 'shortfall' | 'full';

/** Where the subscriptions screen scrolls to after a purchase (router state). */
export interface PurchasedState {
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

const cents = (reais: number) => Math.round(reais * 100);
const reais = (value: number) => value / 100;

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

/** The order waiting for its PIX: the instructions, then its outcome as soon as it settles. */
function PixStep({
  answer,
  onClose,
  onDone,
}: {
  answer: CheckoutResponse;
  onClose: () => void;
  onDone: (subscriptionId: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const order = useOrder(answer.order.id, { watch: true });
  const status = order.data?.status ?? answer.order.status;
  const settled = useRef(false);
  useEffect(() => {
    if (status === 'awaiting_payment' || settled.current) return;
    settled.current = true;
    playSound(status === 'completed' ? 'success' : 'error');
    void invalidatePurchase(queryClient);
  }, [status, queryClient]);
  const plan = messages.plans[answer.order.duration_type];
  const receipt = `/dashboard/orders/${encodeURIComponent(answer.order.id)}`;

  if (status === 'completed') {
    return (
      <>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CircleCheck className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden />
            {t.doneTitle}
          </DialogTitle>
          <DialogDescription>{t.doneBody(answer.order.product_name, plan)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={receipt} onClick={onClose}>
              <Receipt aria-hidden />
              {t.seeReceipt}
            </Link>
          </Button>
          <Button onClick={() => onDone(order.data?.subscription_id ?? null)}>
            {t.seeSubscriptions}
          </Button>
        </DialogFooter>
      </>
    );
  }
  if (status === 'failed' || status === 'cancelled') {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{status === 'failed' ? t.failedTitle : t.cancelledTitle}</DialogTitle>
          <DialogDescription>
            {t.description(answer.order.product_name, plan, t.days(answer.order.days))}
          </DialogDescription>
        </DialogHeader>
        <Alert variant="destructive">
          <XCircle aria-hidden />
          <AlertTitle>{status === 'failed' ? t.failedTitle : t.cancelledTitle}</AlertTitle>
          <AlertDescription>{t.failedBody(order.data?.failure_reason ?? '')}</AlertDescription>
        </Alert>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={receipt} onClick={onClose}>
              {t.seeReceipt}
            </Link>
          </Button>
          <Button onClick={onClose}>{t.understood}</Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.pixTitle}</DialogTitle>
        <DialogDescription>
          {t.pixDescription(
            formatBRL(answer.instructions?.amount ?? 0),
            answer.order.product_name,
            plan,
          )}
        </DialogDescription>
      </DialogHeader>
      <div
        className="bg-muted/50 flex items-start gap-2.5 rounded-lg border p-3 text-sm"
        role="status"
      >
        <Loader2 className="text-primary mt-0.5 size-4 shrink-0 animate-spin" aria-hidden />
        <span className="grid gap-1">
          <span className="font-medium">{t.waiting}</span>
          <span className="text-muted-foreground text-xs">{t.waitingHint}</span>
        </span>
      </div>
      {answer.instructions ? <DepositInstructions instructions={answer.instructions} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t.done}
        </Button>
      </DialogFooter>
    </>
  );
}

export interface CheckoutDialogProps {
  product: ShopProduct;
  /** The plan chosen beforehand (the shop card's), or the renewal's known plan; null: pick. */
  plan: ShopPlan | null;
  /** Show the product's plans to choose from (a renewal). */
  choosePlan?: boolean;
  /** Renew this subscription ("Renovar"). */
  subscriptionId?: string;
  onClose: () => void;
}

/**
 * Buys or renews a plan in one step: the balance, the price and how to pay it. When the balance
 * covers it, from the balance at once; otherwise (or by choice) by PIX, the shortfall prefilled
 * or the whole price: the PIX step shows the instructions and watches the order, which
 * completes by itself once the payment is confirmed. Success goes to /dashboard and points at
 * the subscription.
 */
export function CheckoutDialog({
  product,
  plan: initialPlan,
  choosePlan = false,
  subscriptionId,
  onClose,
}: CheckoutDialogProps) {
  const navigate = useNavigate();
  const dashboard = useDashboard();
  const checkout = useCheckout();
  const [durationType, setDurationType] = useState<PlanDurationType | null>(
    initialPlan?.duration_type ?? null,
  );
  const plan = product.plans.find((p) => p.duration_type === durationType) ?? null;
  const [answer, setAnswer] = useState<CheckoutResponse | null>(null);
  const [openedAt] = useState(Date.now);
  const balance = dashboard.data?.balance;
  const renewal = subscriptionId !== undefined;

  const priceCents = plan ? cents(plan.price) : 0;
  const balanceCents = balance === undefined ? 0 : cents(balance);
  const covers = balance !== undefined && balanceCents >= priceCents;
  const defaultPayment: Payment = covers ? 'balance' : balanceCents > 0 ? 'shortfall' : 'full';
  const [chosen, setChosen] = useState<Payment | null>(null);
  // A choice the balance no longer allows falls back to what it does.
  const payment: Payment =
    chosen === null ||
    (chosen === 'balance' && !covers) ||
    (chosen === 'shortfall' && (covers || balanceCents === 0))
      ? defaultPayment
      : chosen;
  const pixCents = payment === 'shortfall' ? priceCents - balanceCents : priceCents;

  const finish = (subscription: string | null) => {
    onClose();
    if (subscription) {
      const state: PurchasedState = { highlightSubscription: subscription };
      void navigate('/dashboard', { state });
    } else {
      void navigate('/dashboard');
    }
  };

  const submit = () => {
    if (!plan) return;
    checkout.mutate(
      {
        productId: product.id,
        durationType: plan.duration_type,
        ...(subscriptionId ? { subscriptionId } : {}),
        payWith: payment === 'balance' ? 'balance' : 'pix',
        ...(payment === 'full' ? { pixAmount: 'full' as const } : {}),
      },
      {
        onSuccess: (response) => {
          if (response.order.status === 'completed') {
            playSound('success');
            toast.success(response.message);
            finish(response.order.subscription_id);
            return;
          }
          setAnswer(response);
        },
        onError: () => playSound('error'),
      },
    );
  };

  const close = () => {
    if (!checkout.isPending) onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md">
        {answer ? (
          <PixStep answer={answer} onClose={onClose} onDone={finish} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{renewal ? t.renewTitle : t.title}</DialogTitle>
              <DialogDescription>
                {plan && !choosePlan
                  ? t.description(
                      product.name,
                      messages.plans[plan.duration_type],
                      t.days(plan.days),
                    )
                  : t.renewDescription(product.name)}
              </DialogDescription>
            </DialogHeader>
            {choosePlan ? (
              <PlanPicker
                productId={product.id}
                productName={product.name}
                plans={product.plans}
                value={durationType}
                onChange={setDurationType}
              />
            ) : null}
            {!plan ? (
              <p className="text-muted-foreground text-sm">{t.choosePlan}</p>
            ) : balance === undefined ? (
              <p className="text-muted-foreground text-sm">{t.loadingBalance}</p>
            ) : (
              <>
                <dl className="grid gap-2 rounded-lg border p-3 text-sm">
                  <Line label={t.currentBalance} value={formatBRL(balance)} />
                  <Line label={t.price} value={`− ${formatBRL(plan.price)}`} />
                  <div className="border-t" />
                  {payment === 'balance' ? (
                    <Line
                      label={t.after}
                      value={formatBRL(reais(balanceCents - priceCents))}
                      strong
                    />
                  ) : (
                    <>
                      {payment === 'shortfall' ? (
                        <Line label={t.fromBalance} value={formatBRL(balance)} />
                      ) : null}
                      <Line label={t.byPix} value={formatBRL(reais(pixCents))} strong />
                    </>
                  )}
                </dl>
                <ExpiryLine product={product} plan={plan} openedAt={openedAt} />
                {!covers ? (
                  <Alert>
                    <AlertCircle aria-hidden />
                    <AlertDescription>
                      {t.short(formatBRL(reais(priceCents - balanceCents)))}
                    </AlertDescription>
                  </Alert>
                ) : null}
                <RadioGroup
                  value={payment}
                  onValueChange={(next) => setChosen(next as Payment)}
                  aria-label={t.payWith}
                  className="grid gap-2"
                >
                  <PaymentOption
                    value="balance"
                    title={t.payBalance}
                    hint={covers ? t.payBalanceHint : t.payBalanceShort}
                    disabled={!covers}
                  />
                  {!covers && balanceCents > 0 ? (
                    <PaymentOption
                      value="shortfall"
                      title={t.payShortfall(formatBRL(reais(priceCents - balanceCents)))}
                      hint={t.payShortfallHint(formatBRL(balance))}
                    />
                  ) : null}
                  <PaymentOption
                    value="full"
                    title={t.payFull(formatBRL(plan.price))}
                    hint={t.payFullHint}
                  />
                </RadioGroup>
              </>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={close} disabled={checkout.isPending}>
                {t.cancel}
              </Button>
              <PendingButton
                pending={checkout.isPending}
                disabled={balance === undefined || !plan}
                onClick={submit}
              >
                {payment === 'balance'
                  ? renewal
                    ? t.renew
                    : t.buy
                  : t.payPix(formatBRL(reais(pixCents)))}
              </PendingButton>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ExpiryLine({
  product,
  plan,
  openedAt,
}: {
  product: ShopProduct;
  plan: ShopPlan;
  openedAt: number;
}) {
  const period = t.days(plan.days);
  const expiry = expiryAfter(product, plan, openedAt);
  return (
    <p className="text-muted-foreground flex items-start gap-2 text-sm">
      <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
      {expiry.extends
        ? t.extends(period, formatDate(expiry.until))
        : t.creates(formatDate(expiry.until))}
    </p>
  );
}
