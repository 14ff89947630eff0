import {
  ADMIN_LIMITS,
  messages,
  PLAN_DURATION_TYPES,
  type GenerateKeysResponse,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { InputField, NumberField } from '@/components/form/input-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useGenerateKeys } from '../api/generate-keys';
import { useProducts } from '@/hooks/use-products';
import { formatCount } from '@/lib/format';

const a = messages.admin;
const CUSTOM = 'custom';

const generateFormSchema = z
  .object({
    productId: z.string().min(1, messages.validation.productRequired),
    validity: z.enum([...PLAN_DURATION_TYPES, CUSTOM]),
    days: z.number().optional(),
    quantity: z
      .number({ error: a.keyQuantityRange })
      .int(a.keyQuantityRange)
      .min(1, a.keyQuantityRange)
      .max(ADMIN_LIMITS.keysPerBatchMax, a.keyQuantityRange),
    /** 'Resgatar até': empty for no deadline. */
    redeemBy: z.union([z.literal(''), z.iso.date(a.redeemByInvalid)]),
  })
  .superRefine((values, ctx) => {
    if (values.validity !== CUSTOM) return;
    const days = values.days;
    if (days === undefined || !Number.isInteger(days) || days < 1 || days > ADMIN_LIMITS.daysMax) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: a.daysPositive });
    }
  });
type GenerateFormValues = z.infer<typeof generateFormSchema>;

interface GenerateKeysDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onGenerated: (result: GenerateKeysResponse) => void;
}

/**
 * Generates 1–1000 keys for a product, valid for a plan duration or a number of days, optionally
 * redeemable only until a date ('Resgatar até'; past it an unused key is expired).
 */
export function GenerateKeysDialog({ open, onOpenChange, onGenerated }: GenerateKeysDialogProps) {
  const products = useProducts();
  const generate = useGenerateKeys();
  const form = useForm<GenerateFormValues>({
    resolver: zodResolver(generateFormSchema),
    defaultValues: { productId: '', validity: 'monthly', days: 30, quantity: 1, redeemBy: '' },
  });
  const validity = useWatch({ control: form.control, name: 'validity' });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    generate.mutate(
      {
        productId: values.productId,
        quantity: values.quantity,
        ...(values.validity === CUSTOM ? { days: values.days } : { durationType: values.validity }),
        ...(values.redeemBy ? { redeemBy: values.redeemBy } : {}),
      },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          form.reset();
          onOpenChange(false);
          onGenerated(result);
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Gerar chaves"
      description={
        <>
          Escolha o produto, a validade e quantas chaves criar (até{' '}
          {formatCount(ADMIN_LIMITS.keysPerBatchMax)}).
        </>
      }
      onSubmit={onSubmit}
      pending={generate.isPending}
      holdWhilePending={false}
      cancelLabel="Cancelar"
      submitLabel="Gerar chaves"
      className="sm:max-w-md"
    >
      <FormField id="generate-product" label="Produto" error={errors.productId?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('productId')} className="w-full">
            <NativeSelectOption value="">
              {products.isPending ? 'Carregando...' : 'Selecione um produto'}
            </NativeSelectOption>
            {(products.data ?? []).map((product) => (
              <NativeSelectOption key={product.id} value={product.id}>
                {product.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="generate-validity" label="Validade">
          {(control) => (
            <NativeSelect {...control} {...form.register('validity')} className="w-full">
              {PLAN_DURATION_TYPES.map((type) => (
                <NativeSelectOption key={type} value={type}>
                  {messages.plans[type]}
                </NativeSelectOption>
              ))}
              <NativeSelectOption value={CUSTOM}>Dias personalizados</NativeSelectOption>
            </NativeSelect>
          )}
        </FormField>
        {validity === CUSTOM ? (
          <NumberField
            id="generate-days"
            label="Dias"
            error={errors.days?.message}
            {...form.register('days', { valueAsNumber: true })}
            min={1}
            step={1}
          />
        ) : null}
      </div>
      <NumberField
        id="generate-quantity"
        label="Quantidade"
        error={errors.quantity?.message}
        {...form.register('quantity', { valueAsNumber: true })}
        min={1}
        max={ADMIN_LIMITS.keysPerBatchMax}
        step={1}
      />
      <InputField
        id="generate-redeem-by"
        label="Resgatar até (opcional)"
        error={errors.redeemBy?.message}
        {...form.register('redeemBy')}
        type="date"
      />
    </FormDialog>
  );
}
