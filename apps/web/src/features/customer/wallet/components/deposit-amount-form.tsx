import {
  depositAmountSchema,
  messages,
  type CreateDepositBody,
  type CreateDepositResponse,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, QrCode } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { PendingButton } from '@/components/form/pending-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { formatBRL, formatReaisInput, parseReais } from '@/lib/format';
import { useCreateDeposit } from '../api/create-deposit';
import { useDepositAvailability } from '../api/get-deposit-availability';
import { depositTexts as t } from '../texts';

const QUICK_AMOUNTS = [10, 25, 50, 100] as const;

/** The amount as typed (pt-BR), read into reais and checked by the contract's rules. */
const amountFormSchema = z.object({
  amount: z
    .string()
    .transform((text, ctx) => {
      const value = parseReais(text);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: messages.deposits.amountInvalid });
        return z.NEVER;
      }
      return value;
    })
    .pipe(depositAmountSchema),
});

/** Amount (at least R$ 5,00) and method (PIX); submitting opens the deposit. */
export function DepositAmountForm({
  onCreated,
  onCancel,
}: {
  onCreated: (response: CreateDepositResponse) => void;
  onCancel: () => void;
}) {
  const availability = useDepositAvailability(true);
  const create = useCreateDeposit();
  const form = useForm<z.input<typeof amountFormSchema>, unknown, CreateDepositBody>({
    resolver: zodResolver(amountFormSchema),
    defaultValues: { amount: '' },
  });
  const unavailable = availability.data?.pix === false;

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, { onSuccess: onCreated });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      {unavailable ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertDescription>{messages.deposits.pixNotConfigured}</AlertDescription>
        </Alert>
      ) : null}
      <FormField
        id="deposit-amount"
        label={t.amount}
        hint={t.amountHint}
        error={form.formState.errors.amount?.message}
      >
        {(control) => (
          <div className="relative">
            <span
              aria-hidden
              className="text-muted-foreground pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm"
            >
              R$
            </span>
            <Input
              {...control}
              {...form.register('amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,00"
              className="pl-10 text-base tabular-nums"
            />
          </div>
        )}
      </FormField>
      <div className="grid gap-2">
        <span className="text-muted-foreground text-xs" id="deposit-quick-label">
          {t.quickAmounts}
        </span>
        <div className="grid grid-cols-4 gap-2" role="group" aria-labelledby="deposit-quick-label">
          {QUICK_AMOUNTS.map((amount) => (
            <Button
              key={amount}
              type="button"
              variant="outline"
              size="sm"
              className="tabular-nums"
              onClick={() =>
                form.setValue('amount', formatReaisInput(amount), { shouldValidate: true })
              }
            >
              {formatBRL(amount).replace(',00', '')}
            </Button>
          ))}
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t.method}</legend>
        <RadioGroup value="pix" aria-label={t.method}>
          <Label
            htmlFor="deposit-method-pix"
            className="has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5 flex cursor-pointer items-start gap-3 rounded-lg border p-3 font-normal"
          >
            <RadioGroupItem value="pix" id="deposit-method-pix" className="mt-0.5" />
            <span className="grid gap-0.5">
              <span className="flex items-center gap-1.5 font-medium">
                <QrCode className="size-4" aria-hidden />
                {t.pix}
              </span>
              <span className="text-muted-foreground text-xs">{t.pixHint}</span>
            </span>
          </Label>
        </RadioGroup>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          {t.cancel}
        </Button>
        <PendingButton
          type="submit"
          pending={create.isPending}
          disabled={unavailable || availability.isPending}
        >
          {availability.isPending ? t.checkingAvailability : unavailable ? t.unavailable : t.submit}
        </PendingButton>
      </div>
    </form>
  );
}
