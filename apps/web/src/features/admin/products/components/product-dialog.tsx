import {
  effectiveResellerCents,
  marginPercent,
  messages,
  PLAN_DURATION_TYPES,
  percentToBasisPoints,
  productBodySchema,
  type PlanDurationType,
  type Product,
  type ProductBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { InputField, TextareaField } from '@/components/form/input-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useResellerPricing } from '@/hooks/use-reseller-pricing';
import { formatBRL } from '@/lib/format';
import { useSaveProduct } from '../api/save-product';

type ProductFormInput = z.input<typeof productBodySchema>;

/** An empty price box means "no plan of this type"; anything else is read as a number. */
const priceValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

function defaultsOf(product: Product | undefined): ProductFormInput {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    plans: {
      daily: product?.plans.daily ?? null,
      weekly: product?.plans.weekly ?? null,
      'bi-weekly': product?.plans['bi-weekly'] ?? null,
      monthly: product?.plans.monthly ?? null,
    },
    resellerPlans: {
      daily: product?.resellerPlans.daily ?? null,
      weekly: product?.resellerPlans.weekly ?? null,
      'bi-weekly': product?.resellerPlans['bi-weekly'] ?? null,
      monthly: product?.resellerPlans.monthly ?? null,
    },
  };
}

/** A typed price as cents, or null when the box is empty or not a valid amount. */
function typedCents(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return Math.round(value * 100);
}

/**
 * What resellers pay for a plan as typed: its own reseller price, else retail less the global
 * discount (the server's rule and rounding, from the contract), with the margin left to them.
 */
function resellerHint(
  retail: unknown,
  reseller: unknown,
  discountPercent: number | undefined,
): string | null {
  const retailCents = typedCents(retail);
  if (retailCents === null) return null;
  const ownCents = typedCents(reseller);
  if (ownCents === null && discountPercent === undefined) return null;
  const cents = effectiveResellerCents(
    retailCents,
    ownCents,
    percentToBasisPoints(discountPercent ?? 0),
  );
  if (cents > retailCents) return null;
  const percent = marginPercent(retailCents, cents);
  const margin = `${formatBRL((retailCents - cents) / 100)}${
    percent === null ? '' : ` (${percent.toLocaleString('pt-BR')}%)`
  }`;
  return ownCents === null
    ? `Revenda: ${formatBRL(cents / 100)} pelo desconto global de ${(discountPercent ?? 0).toLocaleString('pt-BR')}% · margem ${margin}`
    : `Revenda: ${formatBRL(cents / 100)} · margem ${margin}`;
}

interface ProductDialogProps {
  /** The product to edit; absent to create one. */
  product?: Product;
  onClose: () => void;
}

/** Create Product / edit: name, description and an optional price per plan (spec §2, §5). */
export function ProductDialog({ product, onClose }: ProductDialogProps) {
  const save = useSaveProduct();
  const form = useForm<ProductFormInput, unknown, ProductBody>({
    resolver: zodResolver(productBodySchema),
    defaultValues: defaultsOf(product),
  });
  const errors = form.formState.errors;
  const pricing = useResellerPricing();
  const [plans, resellerPlans] = useWatch({
    control: form.control,
    name: ['plans', 'resellerPlans'],
  });

  const onSubmit = form.handleSubmit((body) => {
    save.mutate(
      { id: product?.id, body },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      title={product ? 'Editar produto' : 'Create Product'}
      description="Deixe o preço em branco para não oferecer aquele plano. O preço de revenda é opcional: em branco, vale o desconto global de revenda das Configurações."
      onSubmit={onSubmit}
      pending={save.isPending}
      holdWhilePending={false}
      cancelLabel="Cancelar"
      submitLabel={product ? 'Salvar alterações' : 'Criar produto'}
      className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg"
    >
      <InputField
        id="product-name"
        label="Nome"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextareaField
        id="product-description"
        label="Descrição"
        error={errors.description?.message}
        {...form.register('description')}
        rows={3}
      />
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Preços dos planos (R$)</legend>
        <div className="grid gap-4">
          {PLAN_DURATION_TYPES.map((type) => (
            <PlanPrices
              key={type}
              type={type}
              retailError={errors.plans?.[type]?.message}
              resellerError={errors.resellerPlans?.[type]?.message}
              hint={resellerHint(
                plans?.[type],
                resellerPlans?.[type],
                pricing.data?.discountPercent,
              )}
              retail={form.register(`plans.${type}`, { setValueAs: priceValue })}
              reseller={form.register(`resellerPlans.${type}`, { setValueAs: priceValue })}
            />
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}

type Registration = UseFormRegisterReturn;

/** One plan's retail price and, beside it, its optional reseller price and what resellers pay. */
function PlanPrices({
  type,
  retail,
  reseller,
  retailError,
  resellerError,
  hint,
}: {
  type: PlanDurationType;
  retail: Registration;
  reseller: Registration;
  retailError: string | undefined;
  resellerError: string | undefined;
  hint: string | null;
}) {
  const retailId = `product-plan-${type}`;
  const resellerId = `product-reseller-${type}`;
  const hintId = `${resellerId}-hint`;
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-1.5">
      <div className="grid content-start gap-1.5">
        <Label htmlFor={retailId}>{messages.plans[type]}</Label>
        <PriceInput id={retailId} error={retailError} registration={retail} />
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor={resellerId} className="text-muted-foreground">
          Preço revenda<span className="sr-only"> ({messages.plans[type]})</span>
        </Label>
        <PriceInput
          id={resellerId}
          error={resellerError}
          registration={reseller}
          describedBy={hint ? hintId : undefined}
        />
      </div>
      {hint ? (
        <p id={hintId} className="text-muted-foreground col-span-2 text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function PriceInput({
  id,
  error,
  registration,
  describedBy,
}: {
  id: string;
  error: string | undefined;
  registration: Registration;
  describedBy?: string | undefined;
}) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        placeholder="—"
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
        {...registration}
      />
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </>
  );
}
