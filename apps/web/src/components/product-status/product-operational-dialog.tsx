import {
  PRODUCT_OPERATIONAL_LABELS,
  PRODUCT_OPERATIONAL_STATUSES,
  PRODUCT_STATUS_LIMITS,
  productOperationalBodySchema,
  timeFreezes,
  type Product,
  type ProductOperationalBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { InputField } from '@/components/form/input-fields';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { PRODUCT_STATUS_BADGE_TONES } from './product-status-tone';
import { productStatusTexts } from './texts';
import { useSetProductOperational } from './use-set-product-operational';

const t = productStatusTexts.dialog;
const NOTE_COUNT_ID = 'product-operational-note-count';

type OperationalFormInput = z.input<typeof productOperationalBodySchema>;
type OperationalFormOutput = z.output<typeof productOperationalBodySchema>;

function defaultsOf(product: Product): OperationalFormInput {
  return {
    status: product.operational.status,
    note: product.operational.note ?? '',
    freezeTime: product.operational.freezeTime,
    sellWhileDown: product.operational.sellWhileDown,
    reason: '',
  };
}

/**
 * "Status operacional…": sets whether a product works now, its public note and, while it does
 * not, whether its customers' time stands still and whether it can still be bought. The
 * products' menu, the customer page and the command palette all open it.
 */
export function ProductOperationalDialog({
  product,
  onClose,
}: {
  product: Product;
  onClose: () => void;
}) {
  const change = useSetProductOperational();
  const form = useForm<OperationalFormInput, unknown, OperationalFormOutput>({
    resolver: zodResolver(productOperationalBodySchema),
    defaultValues: defaultsOf(product),
  });
  const errors = form.formState.errors;
  const [status, note, freezeTime, sellWhileDown] = useWatch({
    control: form.control,
    name: ['status', 'note', 'freezeTime', 'sellWhileDown'],
  });
  const current = product.operational;
  const down = status !== 'operational';
  const unchanged =
    status === current.status &&
    (note ?? '').trim() === (current.note ?? '') &&
    (!down || (freezeTime === current.freezeTime && sellWhileDown === current.sellWhileDown));
  const givesBack = !down && timeFreezes(current);

  const onSubmit = form.handleSubmit((values) => {
    // Back to operational, the outage's choices stay as they were for the next one.
    const body: ProductOperationalBody = down
      ? values
      : { status: values.status, note: values.note, reason: values.reason };
    change.mutate(
      { id: product.id, body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      title={t.title(product.name)}
      description={t.description}
      onSubmit={onSubmit}
      pending={change.isPending}
      cancelLabel={t.cancel}
      submitLabel={t.submit}
      submitDisabled={unchanged}
      className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg"
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t.status}</legend>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={(next) => {
                field.onChange(next);
                // The outage's note does not describe the product once it works again.
                if (next === 'operational' && current.status !== 'operational') {
                  form.setValue('note', '');
                }
              }}
              aria-label={t.status}
              className="grid gap-2 sm:grid-cols-3"
            >
              {PRODUCT_OPERATIONAL_STATUSES.map((option) => {
                const id = `product-operational-${option}`;
                return (
                  <Label
                    key={option}
                    htmlFor={id}
                    className={cn(
                      'hover:bg-accent/50 flex cursor-pointer items-start gap-2 rounded-lg border p-2.5 font-normal transition-colors',
                      'has-[[data-state=checked]]:ring-ring/40 has-[[data-state=checked]]:ring-2',
                      field.value === option && PRODUCT_STATUS_BADGE_TONES[option],
                    )}
                  >
                    <RadioGroupItem value={option} id={id} className="mt-0.5" />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="text-sm font-medium">
                        {PRODUCT_OPERATIONAL_LABELS[option]}
                      </span>
                      <span className="text-muted-foreground text-xs leading-snug">
                        {t.statusHints[option]}
                      </span>
                    </span>
                  </Label>
                );
              })}
            </RadioGroup>
          )}
        />
      </fieldset>
      {givesBack ? (
        <p className="text-muted-foreground flex items-start gap-2 text-sm" role="status">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t.givesBack}
        </p>
      ) : null}
      <FormField id="product-operational-note" label={t.note} error={errors.note?.message}>
        {(control) => (
          <div className="grid gap-1">
            <Textarea
              {...control}
              aria-describedby={[control['aria-describedby'], NOTE_COUNT_ID]
                .filter(Boolean)
                .join(' ')}
              {...form.register('note')}
              placeholder={down ? t.notePlaceholder : undefined}
              maxLength={PRODUCT_STATUS_LIMITS.noteMax}
              rows={3}
            />
            <div className="text-muted-foreground flex justify-between gap-3 text-xs">
              <span>{t.noteHint}</span>
              <span id={NOTE_COUNT_ID} className="shrink-0 tabular-nums">
                {t.noteCount((note ?? '').length)}
              </span>
            </div>
          </div>
        )}
      </FormField>
      {down ? (
        <div className="grid gap-4 rounded-lg border p-3">
          <SwitchRow
            id="product-operational-freeze"
            name="freezeTime"
            label={t.freezeTime}
            hint={t.freezeTimeHint}
            control={form.control}
          />
          <SwitchRow
            id="product-operational-sell"
            name="sellWhileDown"
            label={t.sellWhileDown}
            hint={t.sellWhileDownHint}
            control={form.control}
          />
        </div>
      ) : null}
      <InputField
        id="product-operational-reason"
        label={t.reason}
        error={errors.reason?.message}
        placeholder={t.reasonPlaceholder}
        maxLength={PRODUCT_STATUS_LIMITS.reasonMax}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}

/** A switch with its label and what turning it on does. */
function SwitchRow({
  id,
  name,
  label,
  hint,
  control,
}: {
  id: string;
  name: 'freezeTime' | 'sellWhileDown';
  label: string;
  hint: string;
  control: Control<OperationalFormInput, unknown, OperationalFormOutput>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={id} className="leading-normal">
              {label}
            </Label>
            <p id={`${id}-hint`} className="text-muted-foreground text-xs">
              {hint}
            </p>
          </div>
          <Switch
            id={id}
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
            aria-describedby={`${id}-hint`}
            className="mt-0.5"
          />
        </div>
      )}
    />
  );
}
