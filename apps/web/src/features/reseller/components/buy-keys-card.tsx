import {
  buyKeysBodySchema,
  messages,
  RESELLER_LIMITS,
  type BuyKeysBody,
  type PlanDurationType,
  type ResellerProduct,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '@/components/form/form-field';
import { NumberField } from '@/components/form/input-fields';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBRL } from '@/lib/format';
import { useBuyKeys } from '../api/buy-keys';
import { useResellerProducts } from '../api/get-reseller-products';
import { useResellerStats } from '../api/get-reseller-stats';
import { texts } from '../texts';
import { BuyKeysConfirmDialog } from './buy-keys-confirm-dialog';
import { BuyKeysSummary } from './buy-keys-summary';
import { PurchasedKeysDialog, type Purchase } from './purchased-keys-dialog';

const t = texts.buy;

/** Money sums in cents, so R$ 0,10 × 3 is R$ 0,30 exactly. */
const cents = (reais: number) => Math.round(reais * 100);

/** "Comprar chaves": product, plan at its price, quantity, total and the balance it leaves. */
export function BuyKeysCard() {
  const products = useResellerProducts();
  const stats = useResellerStats();
  const buy = useBuyKeys();
  const [confirming, setConfirming] = useState<BuyKeysBody | null>(null);
  const [purchase, setPurchase] = useState<Purchase | null>(null);

  const form = useForm<BuyKeysBody>({
    resolver: zodResolver(buyKeysBodySchema),
    defaultValues: { productId: '', durationType: 'monthly', quantity: 1 },
  });
  const errors = form.formState.errors;
  const [productId, durationType, quantity] = useWatch({
    control: form.control,
    name: ['productId', 'durationType', 'quantity'],
  });

  const list = products.data ?? [];
  const product: ResellerProduct | undefined = list.find((item) => item.id === productId);
  const plan = product?.plans.find((item) => item.durationType === durationType);

  // A new product keeps the chosen plan when it has it, else offers its first one.
  useEffect(() => {
    if (!product || product.plans.some((item) => item.durationType === durationType)) return;
    const first = product.plans[0];
    if (first) form.setValue('durationType', first.durationType);
  }, [product, durationType, form]);

  const validQuantity =
    Number.isInteger(quantity) && quantity >= 1 && quantity <= RESELLER_LIMITS.keysPerPurchaseMax;
  const totalCents = plan && validQuantity ? cents(plan.price) * quantity : null;
  const totalMarginCents = plan && validQuantity ? cents(plan.margin) * quantity : null;
  const balanceCents = stats.data ? cents(stats.data.balance) : null;
  const afterCents =
    totalCents !== null && balanceCents !== null ? balanceCents - totalCents : null;
  const insufficient = afterCents !== null && afterCents < 0;

  const onSubmit = form.handleSubmit((values) => {
    if (!insufficient) setConfirming(values);
  });

  const confirm = () => {
    if (!confirming || !product || !plan) return;
    const bought = { product: product.name, plan: messages.plans[plan.durationType] };
    buy.mutate(confirming, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setConfirming(null);
        form.setValue('quantity', 1);
        setPurchase({ message: answer.message, keys: answer.keys, ...bought });
      },
      // The toast tells why; the balance may have changed elsewhere, so show the real one.
      onError: () => {
        setConfirming(null);
        void stats.refetch();
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShoppingCart className="text-primary size-5" aria-hidden />
          {t.title}
        </CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {products.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : products.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{t.productsError}</AlertDescription>
          </Alert>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t.noProducts}</p>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(240px,300px)]"
          >
            {/* The native selects fill their column (their wrapper is w-fit by default). */}
            <div className="grid content-start gap-4 [&_[data-slot=native-select-wrapper]]:w-full">
              <FormField id="buy-product" label={t.product} error={errors.productId?.message}>
                {(control) => (
                  <NativeSelect {...control} {...form.register('productId')} className="w-full">
                    <NativeSelectOption value="">{t.productPlaceholder}</NativeSelectOption>
                    {list.map((item) => (
                      <NativeSelectOption key={item.id} value={item.id}>
                        {item.name}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
                <FormField id="buy-plan" label={t.plan} error={errors.durationType?.message}>
                  {(control) => (
                    <NativeSelect
                      {...control}
                      // Controlled: the options change with the product, the choice must show.
                      name="durationType"
                      value={product ? durationType : ''}
                      onChange={(event) =>
                        form.setValue('durationType', event.target.value as PlanDurationType, {
                          shouldValidate: form.formState.isSubmitted,
                        })
                      }
                      className="w-full"
                      disabled={!product}
                    >
                      {product ? null : (
                        <NativeSelectOption value="">{t.planPlaceholder}</NativeSelectOption>
                      )}
                      {(product?.plans ?? []).map((item) => (
                        <NativeSelectOption key={item.durationType} value={item.durationType}>
                          {t.planOption(
                            messages.plans[item.durationType],
                            item.days,
                            formatBRL(item.price),
                          )}
                        </NativeSelectOption>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <NumberField
                  id="buy-quantity"
                  label={t.quantity}
                  error={errors.quantity?.message}
                  hint={t.quantityHint(RESELLER_LIMITS.keysPerPurchaseMax)}
                  {...form.register('quantity', { valueAsNumber: true })}
                  min={1}
                  max={RESELLER_LIMITS.keysPerPurchaseMax}
                  step={1}
                />
              </div>
            </div>

            <div className="bg-muted/40 grid content-start gap-4 rounded-lg border p-4">
              <BuyKeysSummary
                plan={plan}
                totalCents={totalCents}
                totalMarginCents={totalMarginCents}
                balanceCents={balanceCents}
                afterCents={afterCents}
                insufficient={insufficient}
              />
              {insufficient ? (
                <p role="status" className="text-destructive text-sm">
                  {t.insufficient}
                </p>
              ) : null}
              <Button type="submit" disabled={insufficient || balanceCents === null}>
                <ShoppingCart aria-hidden />
                {t.submit}
              </Button>
            </div>
          </form>
        )}
      </CardContent>

      <BuyKeysConfirmDialog
        confirming={confirming}
        product={product}
        plan={plan}
        totalCents={totalCents}
        afterCents={afterCents}
        pending={buy.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />

      {purchase ? (
        <PurchasedKeysDialog purchase={purchase} onClose={() => setPurchase(null)} />
      ) : null}
    </Card>
  );
}
