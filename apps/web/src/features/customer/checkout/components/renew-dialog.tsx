import { AlertCircle } from 'lucide-react';
import { LoadErrorAlert } from '@/components/load-error-alert';
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
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useRenewalOffer } from '../api/get-renewal-offer';
import { checkoutTexts as t } from '../texts';
import { CheckoutDialog } from './checkout-dialog';

/**
 * "Renovar" (and the expiry reminders' `/dashboard?renovar=<id>`): the purchase dialog preset to
 * the subscription's product and the plan last bought for it (the customer picks otherwise),
 * paid from the balance or by PIX.
 */
export function RenewDialog({
  subscriptionId,
  onClose,
}: {
  subscriptionId: string;
  onClose: () => void;
}) {
  const offer = useRenewalOffer(subscriptionId);
  if (offer.data) {
    const { product, duration_type: known } = offer.data;
    return (
      <CheckoutDialog
        product={product}
        plan={product.plans.find((plan) => plan.duration_type === known) ?? null}
        choosePlan
        subscriptionId={subscriptionId}
        onClose={onClose}
      />
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t.renewTitle}</DialogTitle>
          <DialogDescription>
            {offer.isError ? t.renewUnavailable : t.renewLoading}
          </DialogDescription>
        </DialogHeader>
        {offer.error instanceof ApiError &&
        offer.error.status >= 400 &&
        offer.error.status < 500 &&
        offer.error.status !== 401 ? (
          // The product off sale, the subscription gone: the server says which.
          <Alert variant="destructive">
            <AlertCircle aria-hidden />
            <AlertDescription>{offer.error.message}</AlertDescription>
          </Alert>
        ) : offer.isError ? (
          <LoadErrorAlert error={offer.error} />
        ) : (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-16 rounded-lg" />
            <Skeleton className="h-24 rounded-lg" />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t.cancel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
