import {
  effectiveResellerCents,
  percentToBasisPoints,
  resellerPricingBodySchema,
  type ResellerPricingBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgePercent } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { InputField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useResellerPricing } from '@/hooks/use-reseller-pricing';
import { formatBRL } from '@/lib/format';
import { useUpdateResellerPricing } from '../api/reseller-pricing';
import { settingsTexts } from '../texts';

const t = settingsTexts.resellerDiscount;
/** The example plan of the hint: R$ 49,90. */
const EXAMPLE_RETAIL_CENTS = 4_990;

/** The global reseller discount for plans without a reseller price of their own. */
export function ResellerDiscountCard() {
  const pricing = useResellerPricing();
  const update = useUpdateResellerPricing();
  const form = useForm<ResellerPricingBody>({
    resolver: zodResolver(resellerPricingBodySchema),
    defaultValues: { discountPercent: 0 },
    values: pricing.data,
  });
  const errors = form.formState.errors;
  const typed = useWatch({ control: form.control, name: 'discountPercent' });
  const valid = resellerPricingBodySchema.safeParse({ discountPercent: typed }).success;

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(body, { onSuccess: (answer) => toast.success(answer.message) }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BadgePercent className="text-muted-foreground size-4" aria-hidden />
          {t.title}
        </CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {pricing.isError && !pricing.data ? <LoadErrorAlert error={pricing.error} /> : null}
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_max-content] sm:items-start"
        >
          <InputField
            id="reseller-discount"
            label={t.label}
            hint={t.hint}
            error={errors.discountPercent?.message}
            type="number"
            inputMode="decimal"
            min={0}
            max={90}
            step={0.01}
            {...form.register('discountPercent', { valueAsNumber: true })}
          />
          <PendingButton
            type="submit"
            pending={update.isPending}
            disabled={pricing.isPending}
            className="sm:mt-6"
          >
            {t.save}
          </PendingButton>
        </form>
        {valid ? (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {t.example(
              formatBRL(EXAMPLE_RETAIL_CENTS / 100),
              formatBRL(
                effectiveResellerCents(EXAMPLE_RETAIL_CENTS, null, percentToBasisPoints(typed)) /
                  100,
              ),
            )}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
