import { messages, type CheckoutResponse } from '@chaveiro/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Loader2, Receipt, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PixInstructions } from '@/components/pix/pix-instructions';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useOrder } from '@/hooks/use-order';
import { formatBRL } from '@/lib/format';
import { invalidatePurchase } from '@/lib/invalidate-purchase';
import { playSound } from '@/lib/sounds';
import { checkoutTexts as t } from '../texts';

interface PixStepProps {
  answer: CheckoutResponse;
  onClose: () => void;
  onDone: (subscriptionId: string | null) => void;
}

/** The order waiting for its PIX: the instructions, then its outcome as soon as it settles. */
export function PixStep({ answer, onClose, onDone }: PixStepProps) {
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
    const title = status === 'failed' ? t.failedTitle : t.cancelledTitle;
    return (
      <>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {t.description(answer.order.product_name, plan, t.days(answer.order.days))}
          </DialogDescription>
        </DialogHeader>
        <Alert variant="destructive">
          <XCircle aria-hidden />
          <AlertTitle>{title}</AlertTitle>
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
      {answer.instructions ? <PixInstructions instructions={answer.instructions} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t.done}
        </Button>
      </DialogFooter>
    </>
  );
}
