import {
  PRODUCT_OPERATIONAL_LABELS,
  messages,
  productStatusMessages,
  type CheckoutResponse,
  type PlanDurationType,
  type ShopPlan,
  type ShopProduct,
} from '@chaveiro/contract';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { PlanPicker } from '@/components/plan-picker';
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
import { useDashboard } from '@/hooks/use-dashboard';
import { formatBRL } from '@/lib/format';
import { playSound } from '@/lib/sounds';
import { useCheckout } from '../api/checkout';
import { paymentRequest, quote, resolvePayment, split, toReais, type Payment } from '../pricing';
import { checkoutTexts as t } from '../texts';
import { ExpiryLine } from './expiry-line';
import { PaymentChoice } from './payment-choice';
import { PaymentSummary } from './payment-summary';
import { PixStep } from './pix-step';

/** Where the subscriptions screen scrolls to after a purchase (router state). */
export interface PurchasedState {
  highlightSubscription: string;
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
  const [chosen, setChosen] = useState<Payment | null>(null);
  const balance = dashboard.data?.balance;
  const renewal = subscriptionId !== undefined;
  // The product is down and not sold meanwhile: the server would refuse with this text.
  const notForSale = product.purchasable
    ? null
    : productStatusMessages.notForSale(
        PRODUCT_OPERATIONAL_LABELS[product.operational_status],
        product.status_note,
      );

  const offer = quote({ price: plan?.price ?? 0, balance });
  // A choice the balance no longer allows falls back to what it does.
  const payment = resolvePayment(offer, chosen);
  const { pixCents } = split(offer, payment);

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
        ...paymentRequest(payment),
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
            {notForSale ? (
              <Alert variant="destructive">
                <AlertCircle aria-hidden />
                <AlertDescription>{notForSale}</AlertDescription>
              </Alert>
            ) : !plan ? (
              <p className="text-muted-foreground text-sm">{t.choosePlan}</p>
            ) : balance === undefined ? (
              <p className="text-muted-foreground text-sm">{t.loadingBalance}</p>
            ) : (
              <>
                <PaymentSummary offer={offer} payment={payment} />
                <ExpiryLine product={product} plan={plan} openedAt={openedAt} />
                {!offer.covers ? (
                  <Alert>
                    <AlertCircle aria-hidden />
                    <AlertDescription>
                      {t.short(formatBRL(toReais(offer.shortfallCents)))}
                    </AlertDescription>
                  </Alert>
                ) : null}
                <PaymentChoice offer={offer} payment={payment} onChange={setChosen} />
              </>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={close} disabled={checkout.isPending}>
                {t.cancel}
              </Button>
              <PendingButton
                pending={checkout.isPending}
                disabled={balance === undefined || !plan || notForSale !== null}
                onClick={submit}
              >
                {payment === 'balance'
                  ? renewal
                    ? t.renew
                    : t.buy
                  : t.payPix(formatBRL(toReais(pixCents)))}
              </PendingButton>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
