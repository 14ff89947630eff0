import {
  messages,
  PLAN_DURATION_TYPES,
  productBodySchema,
  type Product,
  type ProductBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { InputField, TextareaField } from '@/components/form/input-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
  };
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
      description="Deixe o preço em branco para não oferecer aquele plano."
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
        <div className="grid grid-cols-2 gap-3">
          {PLAN_DURATION_TYPES.map((type) => {
            const id = `product-plan-${type}`;
            const error = errors.plans?.[type]?.message;
            return (
              <div key={type} className="grid gap-1.5">
                <Label htmlFor={id}>{messages.plans[type]}</Label>
                <Input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  placeholder="—"
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  {...form.register(`plans.${type}`, { setValueAs: priceValue })}
                />
                {error ? (
                  <p id={`${id}-error`} className="text-destructive text-sm">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
    </FormDialog>
  );
}
