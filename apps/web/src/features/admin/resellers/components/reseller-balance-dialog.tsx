import { balanceBodySchema, messages, type BalanceBody, type Reseller } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { InputField } from '@/components/form/input-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { Separator } from '@/components/ui/separator';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAdjustResellerBalance } from '../api/adjust-reseller-balance';
import { resellersTexts } from '../texts';
import { formatBRL } from '@/lib/format';
import { ResellerLedger } from './reseller-ledger';

const text = resellersTexts.balance;

const toCents = (reais: number) => Math.round(reais * 100);

/**
 * The box may be empty while typing; the contract's body schema then checks the amount, and,
 * like the server, the balance may not end below zero.
 */
function balanceFormSchema(balance: number) {
  return z
    .object({ amount: z.number({ error: messages.resellers.amountInvalid }).optional() })
    .pipe(balanceBodySchema)
    .refine(({ amount }) => toCents(balance) + toCents(amount) >= 0, {
      message: messages.resellers.insufficientBalance,
      path: ['amount'],
    });
}

/** An empty box is "no amount yet"; anything else is read as a number. */
const amountValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** A usable amount: filled, a number, and not zero (spec §5 disables save otherwise). */
function isNonZero(amount: number | undefined): amount is number {
  return amount !== undefined && Number.isFinite(amount) && amount !== 0;
}

/**
 * Spec §2/§5: adds (positive) or removes (negative) balance; save stays disabled at 0 or empty,
 * and while the result would be below zero, which the server refuses (409; its message is still
 * shown if the balance changed meanwhile). The latest ledger entries sit below the form so the
 * admin can see where the balance came from.
 */
export function ResellerBalanceDialog({ row, onClose }: { row: Reseller; onClose: () => void }) {
  const adjust = useAdjustResellerBalance();
  const form = useForm<z.input<ReturnType<typeof balanceFormSchema>>, unknown, BalanceBody>({
    resolver: zodResolver(balanceFormSchema(row.balance)),
    defaultValues: { amount: undefined },
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const after = isNonZero(amount) ? (toCents(row.balance) + toCents(amount)) / 100 : null;
  const belowZero = after !== null && after < 0;
  const error =
    form.formState.errors.amount?.message ??
    (belowZero ? messages.resellers.insufficientBalance : undefined);

  const onSubmit = form.handleSubmit((body) => {
    adjust.mutate(
      { id: row.id, amount: body.amount },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
        onError: (failure) => {
          // The toast reports it too; next to the field it explains why nothing changed.
          if (failure instanceof ApiError && failure.status === 409) {
            form.setError('amount', { message: failure.message });
          }
        },
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      title={text.title}
      description={text.description(row.username, formatBRL(row.balance))}
      onSubmit={onSubmit}
      pending={adjust.isPending}
      cancelLabel={text.cancel}
      submitLabel={text.save}
      submitDisabled={!isNonZero(amount) || belowZero}
      className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg"
      below={
        <>
          <Separator />
          <ResellerLedger resellerId={row.id} />
        </>
      }
    >
      <InputField
        id="reseller-amount"
        label={text.amount}
        hint={text.amountHint}
        error={error}
        {...form.register('amount', { setValueAs: amountValue })}
        type="number"
        inputMode="decimal"
        step={0.01}
        placeholder="0,00"
      />
      <p
        aria-live="polite"
        className={cn('min-h-5 text-sm tabular-nums', belowZero && 'text-destructive')}
      >
        {after === null ? null : text.after(formatBRL(after))}
      </p>
    </FormDialog>
  );
}
