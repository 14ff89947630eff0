import type { PaymentInstructions } from '@chaveiro/contract';
import { BellRing } from 'lucide-react';
import { formatBRL, formatReaisInput } from '@/lib/format';
import { depositTexts as t } from '../lib/deposit-texts';
import { CopyField } from './copy-field';

/** How to pay a pending deposit by PIX: the steps and every value with a copy button. */
export function DepositInstructions({ instructions }: { instructions: PaymentInstructions }) {
  return (
    <div className="grid gap-4">
      <ol className="text-muted-foreground grid list-decimal gap-1 pl-5 text-sm">
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <dl className="grid gap-2">
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
      </dl>
      <p className="text-muted-foreground text-xs">{t.referenceHint}</p>
      <p className="flex items-start gap-2 text-sm">
        <BellRing className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
        {t.afterPayment}
      </p>
    </div>
  );
}
