import { paymentSettingsBodySchema, type PaymentSettingsBody } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { InputField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePaymentSettings } from '../api/get-payment-settings';
import { useUpdatePaymentSettings } from '../api/update-payment-settings';
import { depositsTexts } from '../texts';

const text = depositsTexts.pix;

type FormOutput = z.output<typeof paymentSettingsBodySchema>;

/** The PIX key and beneficiary shown to payers; an empty key turns deposits off. */
export function PixSettingsCard() {
  const settings = usePaymentSettings();
  const update = useUpdatePaymentSettings();
  const form = useForm<PaymentSettingsBody, unknown, FormOutput>({
    resolver: zodResolver(paymentSettingsBodySchema),
    defaultValues: { pix_key: '', pix_beneficiary: '' },
    // The saved values fill the form when they arrive and again after each save (normalised).
    values: settings.data,
  });
  const errors = form.formState.errors;
  const active = Boolean(settings.data?.pix_key);

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (answer) => toast.success(answer.message),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isError && !settings.data ? <LoadErrorAlert error={settings.error} /> : null}
        {settings.data ? (
          <p
            className={
              active
                ? 'flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400'
                : 'text-destructive flex items-center gap-2 text-sm'
            }
          >
            {active ? (
              <CircleCheck className="size-4" aria-hidden />
            ) : (
              <CircleOff className="size-4" aria-hidden />
            )}
            {active ? text.on : text.off}
          </p>
        ) : null}
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start"
        >
          <InputField
            id="pix-key"
            label={text.key}
            hint={text.keyHint}
            error={errors.pix_key?.message}
            {...form.register('pix_key')}
            autoComplete="off"
            maxLength={140}
          />
          <InputField
            id="pix-beneficiary"
            label={text.beneficiary}
            hint={text.beneficiaryHint}
            error={errors.pix_beneficiary?.message}
            {...form.register('pix_beneficiary')}
            autoComplete="off"
            maxLength={100}
          />
          <PendingButton
            type="submit"
            pending={update.isPending}
            disabled={settings.isPending}
            className="md:mt-6"
          >
            {text.save}
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
