import {
  paymentSettingsBodySchema,
  type MaskedSecret,
  type PaymentSettings,
  type PaymentSettingsBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleOff } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { InputField, PasswordField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { usePaymentSettings } from '../api/get-payment-settings';
import { useUpdatePaymentSettings } from '../api/update-payment-settings';
import { depositsTexts } from '../texts';

const text = depositsTexts.pix;

type FormOutput = z.output<typeof paymentSettingsBodySchema>;
type SecretField = 'mercadopago_access_token' | 'mercadopago_webhook_secret';

/** The form's values from the saved settings: secrets never come back, so they start empty. */
function formValues(settings: PaymentSettings | undefined): PaymentSettingsBody | undefined {
  if (!settings) return undefined;
  return {
    mode: settings.mode,
    pix_key: settings.pix_key,
    pix_beneficiary: settings.pix_beneficiary,
    pix_city: settings.pix_city,
    mercadopago_access_token: '',
    mercadopago_webhook_secret: '',
  };
}

function secretHint(secret: MaskedSecret | undefined, clearing: boolean): string {
  if (clearing) return text.secretClearing;
  if (!secret?.configured) return text.secretMissing;
  return secret.last4 ? text.secretSetEnding(secret.last4) : text.secretSet;
}

/**
 * The payment settings: the mode (manual PIX or Mercado Pago), the key, beneficiary and city of
 * the manual BR Code, and the Mercado Pago credentials — shown only masked; an empty field keeps
 * the saved one, "Remover" clears it on save.
 */
export function PixSettingsCard() {
  const settings = usePaymentSettings();
  const update = useUpdatePaymentSettings();
  const [clearing, setClearing] = useState<Record<SecretField, boolean>>({
    mercadopago_access_token: false,
    mercadopago_webhook_secret: false,
  });
  const form = useForm<PaymentSettingsBody, unknown, FormOutput>({
    resolver: zodResolver(paymentSettingsBodySchema),
    defaultValues: {
      mode: 'manual',
      pix_key: '',
      pix_beneficiary: '',
      pix_city: '',
      mercadopago_access_token: '',
      mercadopago_webhook_secret: '',
    },
    // The saved values fill the form when they arrive and again after each save (normalised).
    values: formValues(settings.data),
  });
  const errors = form.formState.errors;
  const mode = useWatch({ control: form.control, name: 'mode' });
  const saved = settings.data;
  const active = saved
    ? saved.mode === 'mercadopago'
      ? saved.mercadopago_access_token.configured
      : saved.pix_key !== ''
    : false;

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(
      {
        ...body,
        mercadopago_access_token: clearing.mercadopago_access_token
          ? null
          : body.mercadopago_access_token,
        mercadopago_webhook_secret: clearing.mercadopago_webhook_secret
          ? null
          : body.mercadopago_webhook_secret,
      },
      {
        onSuccess: (answer) => {
          setClearing({ mercadopago_access_token: false, mercadopago_webhook_secret: false });
          toast.success(answer.message);
        },
      },
    ),
  );

  function secretField(field: SecretField, id: string, label: string) {
    const secret = saved?.[field];
    const isClearing = clearing[field];
    return (
      <div className="grid gap-2">
        <PasswordField
          id={id}
          label={label}
          hint={secretHint(secret, isClearing)}
          error={errors[field]?.message}
          placeholder={secret?.configured && !isClearing ? text.secretPlaceholder : ''}
          disabled={isClearing}
          autoComplete="off"
          maxLength={300}
          {...form.register(field)}
        />
        {secret?.configured ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => setClearing((current) => ({ ...current, [field]: !current[field] }))}
          >
            {isClearing ? text.keepSecret : text.clearSecret(label)}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isError && !settings.data ? <LoadErrorAlert error={settings.error} /> : null}
        {saved ? (
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
            {active ? text.on(saved.mode) : text.off(saved.mode)}
          </p>
        ) : null}
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <FormField id="payment-mode" label={text.mode} hint={text.modeHint[mode ?? 'manual']}>
            {(control) => (
              <NativeSelect {...control} {...form.register('mode')}>
                <NativeSelectOption value="manual">{text.modes.manual}</NativeSelectOption>
                <NativeSelectOption value="mercadopago">
                  {text.modes.mercadopago}
                </NativeSelectOption>
              </NativeSelect>
            )}
          </FormField>
          <div className="grid gap-4 md:grid-cols-3 md:items-start">
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
            <InputField
              id="pix-city"
              label={text.city}
              hint={text.cityHint}
              error={errors.pix_city?.message}
              {...form.register('pix_city')}
              autoComplete="off"
              maxLength={60}
            />
          </div>
          {mode === 'mercadopago' || saved?.mercadopago_access_token.configured ? (
            <div className="grid gap-4 md:grid-cols-2 md:items-start">
              {secretField('mercadopago_access_token', 'mp-token', text.token)}
              {secretField('mercadopago_webhook_secret', 'mp-secret', text.secret)}
              {saved ? (
                <p className="text-muted-foreground text-sm md:col-span-2">
                  {text.webhookUrl}{' '}
                  <code className="bg-muted rounded px-1 py-0.5 text-xs break-all">
                    {saved.webhook_url}
                  </code>
                </p>
              ) : null}
            </div>
          ) : null}
          <PendingButton
            type="submit"
            pending={update.isPending}
            disabled={settings.isPending}
            className="justify-self-start"
          >
            {text.save}
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
