import { messages, type BuyKeysBody, type ResellerProduct } from '@chaveiro/contract';
import { PendingButton } from '@/components/form/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { formatBRL } from '@/lib/format';
import { texts } from '../texts';

const t = texts.buy;

/** "Confirmar compra": how many keys of what, the total and the balance it leaves. */
export function BuyKeysConfirmDialog({
  confirming,
  product,
  plan,
  totalCents,
  afterCents,
  pending,
  onCancel,
  onConfirm,
}: {
  /** The purchase waiting for confirmation; null: closed. */
  confirming: BuyKeysBody | null;
  product: ResellerProduct | undefined;
  plan: ResellerProduct['plans'][number] | undefined;
  totalCents: number | null;
  afterCents: number | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog
      open={confirming !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.confirmTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {confirming && product && plan && totalCents !== null && afterCents !== null
              ? `${t.confirmBody(
                  confirming.quantity,
                  product.name,
                  messages.plans[plan.durationType],
                  formatBRL(totalCents / 100),
                )} ${t.confirmBalance(formatBRL(afterCents / 100))}`
              : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t.cancel}</AlertDialogCancel>
          <PendingButton pending={pending} onClick={onConfirm}>
            {t.confirm}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
