import type { PaymentInstructions } from '@chaveiro/contract';
import { BellRing, CircleCheck, Clock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNow } from '@/hooks/use-now';
import { formatBRL, formatReaisInput } from '@/lib/format';
import { useRecentDeposits } from '@/hooks/use-recent-deposits';
import { CopyField } from './copy-field';
import { PixQrPlaceholder } from './pix-qr-placeholder';
import { pixTexts as t } from './texts';

const PixQrCode = lazy(() => import('./pix-qr-code'));

/** While a charge is on screen its status is asked this often (the payer is paying now). */
const WATCH_POLL_MS = 5_000;

function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const deadline = Date.parse(expiresAt);
  // Ticks each second until the deadline, then stops.
  const now = useNow(deadline);
  const left = deadline - now;
  if (left <= 0) {
    return (
      <p role="status" className="text-destructive text-sm font-medium">
        {t.expired}
      </p>
    );
  }
  return (
    <p className="text-muted-foreground flex items-center gap-1.5 text-sm">
      <Clock className="size-4" aria-hidden />
      {t.expiresIn}{' '}
      <span className="text-foreground font-mono tabular-nums">{formatCountdown(left)}</span>
    </p>
  );
}

/**
 * How to pay a pending deposit by PIX (one the customer opened, or the one paying an order's
 * shortfall): the QR code and the "PIX copia e cola" string (the BR Code), the amount, the expiry
 * of a gateway charge, and — for the admin's own key — the key, beneficiary and reference. Turns
 * to "Pagamento confirmado" by itself once the deposit is paid.
 */
export function PixInstructions({ instructions }: { instructions: PaymentInstructions }) {
  const recent = useRecentDeposits({ pollMs: WATCH_POLL_MS });
  const deposit = recent.data?.items.find((item) => item.reference === instructions.reference);

  if (deposit?.status === 'approved') {
    return (
      <div role="status" className="grid justify-items-center gap-2 py-6 text-center">
        <CircleCheck className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <p className="text-lg font-semibold">{t.confirmed}</p>
        <p className="text-muted-foreground text-sm">
          {t.confirmedBody(formatBRL(instructions.amount))}
        </p>
      </div>
    );
  }

  const manual = instructions.gateway === 'manual';
  return (
    <div className="grid gap-4">
      <div className="grid justify-items-center gap-2">
        <Suspense fallback={<PixQrPlaceholder />}>
          <PixQrCode code={instructions.pix_code} />
        </Suspense>
        <p className="text-2xl font-semibold tabular-nums">{formatBRL(instructions.amount)}</p>
        {instructions.expires_at ? <ExpiryCountdown expiresAt={instructions.expires_at} /> : null}
      </div>
      <ol className="text-muted-foreground grid list-decimal gap-1 pl-5 text-sm">
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <dl className="grid gap-2">
        <CopyField label={t.copyPaste} value={instructions.pix_code} small />
        {manual ? (
          <>
            <CopyField label={t.pixKey} value={instructions.pix_key} />
            <div className="bg-muted/50 rounded-lg border px-3 py-2">
              <dt className="text-muted-foreground text-xs">{t.beneficiary}</dt>
              <dd className="text-sm font-medium break-words">{instructions.beneficiary}</dd>
            </div>
            <CopyField
              label={t.value}
              value={formatBRL(instructions.amount)}
              copyValue={formatReaisInput(instructions.amount)}
            />
            <CopyField label={t.reference} value={instructions.reference} code />
          </>
        ) : null}
      </dl>
      {manual ? <p className="text-muted-foreground text-xs">{t.referenceHint}</p> : null}
      <p className="flex items-start gap-2 text-sm">
        <BellRing className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
        {manual ? t.afterPayment : t.afterPaymentAutomatic}
      </p>
    </div>
  );
}
