import type { ClientLoader } from '@chaveiro/contract';
import { CircleCheck, CircleX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { LoaderGuide } from '@/components/loader-guide/loader-guide';
import { texts as t } from '../texts';

export interface RedeemResult {
  ok: boolean;
  message: string;
  /** On success: the subscription the key went into and its product's loader file. */
  redeemed?: {
    subscriptionId: string;
    loader: ClientLoader | null;
    /** Why the loader cannot be downloaded now (the product is down), or null. */
    loaderUnavailable: string | null;
  };
}

/**
 * Spec §2: 'Sucesso!' or 'Erro!' with the server's message; on success also "Baixar loader"
 * and the first-run guide, so the customer knows where the program is and how to start it.
 */
export function RedeemResultDialog({
  result,
  onClose,
}: {
  result: RedeemResult | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={result !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className={result?.redeemed ? 'sm:max-w-md' : 'sm:max-w-sm'}>
        {result ? (
          <>
            <DialogHeader className="items-center text-center sm:text-center">
              {result.ok ? (
                <CircleCheck className="size-12 text-emerald-500" aria-hidden />
              ) : (
                <CircleX className="text-destructive size-12" aria-hidden />
              )}
              <DialogTitle>{result.ok ? t.success : t.error}</DialogTitle>
              <DialogDescription>{result.message}</DialogDescription>
            </DialogHeader>
            {result.redeemed ? (
              <LoaderGuide
                className="bg-muted/40 rounded-md border p-3"
                subscriptionId={result.redeemed.subscriptionId}
                loader={result.redeemed.loader}
                blockedReason={result.redeemed.loaderUnavailable}
              />
            ) : null}
            <DialogFooter className="sm:justify-center">
              <Button onClick={onClose}>{t.close}</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
