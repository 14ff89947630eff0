import {
  CLIENT_SECURITY_SIGNALS,
  loaderVersionSchema,
  productProtectionSchema,
  PROTECTION_LIMITS,
  protectionMessages as t,
  SECURITY_RULE_ACTIONS,
  UNKNOWN_LOADER_POLICIES,
  type Product,
  type ProductProtection,
  type UpdateProductProtection,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { InputField, NumberField } from '@/components/form/input-fields';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { useUpdateProductProtection } from '../api/product-protection';

/** The form holds the minimum version as typed: empty means "no minimum". */
const protectionFormSchema = productProtectionSchema.extend({
  loaderMinVersion: z
    .string()
    .trim()
    .transform((version) => (version === '' ? null : version))
    .pipe(loaderVersionSchema.nullable()),
});
type ProtectionFormInput = z.input<typeof protectionFormSchema>;
type ProtectionFormOutput = z.output<typeof protectionFormSchema>;

/** The server's field refusals, by the contract message it answers with. */
const FIELD_OF_MESSAGE: Record<string, FieldPath<ProtectionFormInput>> = {
  [t.graceInvalid]: 'offlineGraceHours',
  [t.minVersionInvalid]: 'loaderMinVersion',
};

/** Only the fields the admin changed: a row read before someone else's save cannot undo it. */
function changedOnly<T extends object>(
  values: T,
  dirty: Partial<Record<keyof T, unknown>> | undefined,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => dirty?.[name as keyof T] === true),
  ) as Partial<T>;
}

const DIALOG_CLASS = 'max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg';

function defaultsOf(protection: ProductProtection): ProtectionFormInput {
  return { ...protection, loaderMinVersion: protection.loaderMinVersion ?? '' };
}

/**
 * "Proteção" (product menu): sealed delivery, offline grace, the loader's minimum version and
 * what an unknown loader gets, and what each security signal a loader reports does. The form
 * starts from the catalogue row, which carries the product's protection.
 */
export function ProductProtectionDialog({ row, onClose }: { row: Product; onClose: () => void }) {
  const update = useUpdateProductProtection();
  const form = useForm<ProtectionFormInput, unknown, ProtectionFormOutput>({
    resolver: zodResolver(protectionFormSchema),
    defaultValues: defaultsOf(row.protection),
  });
  const { errors, isDirty, dirtyFields } = form.formState;

  const onSubmit = form.handleSubmit(({ securityRules, ...settings }) => {
    const rules = changedOnly(securityRules, dirtyFields.securityRules);
    const body: UpdateProductProtection = {
      ...changedOnly(settings, dirtyFields),
      ...(Object.keys(rules).length > 0 && { securityRules: rules }),
    };
    update.mutate(
      { id: row.id, body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? t.saved);
          onClose();
        },
        // The toast reports it too; at the field it says what to change.
        onError: (failure) => {
          const field = failure instanceof ApiError ? FIELD_OF_MESSAGE[failure.message] : undefined;
          if (field) form.setError(field, { message: failure.message }, { shouldFocus: true });
        },
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      title={t.dialogTitle(row.name)}
      description={t.dialogDescription}
      onSubmit={onSubmit}
      pending={update.isPending}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      submitDisabled={!isDirty}
      className={DIALOG_CLASS}
    >
      <Controller
        control={form.control}
        name="protectedDelivery"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div className="grid gap-1">
              <Label htmlFor="product-protected-delivery" className="leading-normal">
                {t.protectedDelivery}
              </Label>
              <p id="product-protected-delivery-hint" className="text-muted-foreground text-xs">
                {t.protectedDeliveryHint}
              </p>
              <p id="product-protected-delivery-mark" className="text-muted-foreground text-xs">
                {t.markHint}
              </p>
            </div>
            <Switch
              id="product-protected-delivery"
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby="product-protected-delivery-hint product-protected-delivery-mark"
              className="mt-0.5"
            />
          </div>
        )}
      />
      <NumberField
        id="product-offline-grace"
        label={t.offlineGraceHours}
        hint={t.offlineGraceHint}
        error={errors.offlineGraceHours?.message}
        min={0}
        max={PROTECTION_LIMITS.offlineGraceHoursMax}
        step={1}
        className="w-32"
        {...form.register('offlineGraceHours', { valueAsNumber: true })}
      />
      <InputField
        id="product-loader-min-version"
        label={t.loaderMinVersion}
        hint={t.loaderMinVersionHint}
        error={errors.loaderMinVersion?.message}
        placeholder={t.loaderMinVersionPlaceholder}
        autoComplete="off"
        spellCheck={false}
        className="w-40"
        {...form.register('loaderMinVersion')}
      />
      <FormField
        id="product-unknown-loader"
        label={t.unknownLoaderPolicy}
        hint={t.unknownLoaderPolicyHint}
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('unknownLoaderPolicy')}>
            {UNKNOWN_LOADER_POLICIES.map((policy) => (
              <NativeSelectOption key={policy} value={policy}>
                {t.unknownLoaderPolicies[policy]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <fieldset
        className="grid gap-3 rounded-lg border p-3"
        aria-describedby="product-security-rules-hint"
      >
        <legend className="px-1 text-sm font-medium">{t.securityRules}</legend>
        <p id="product-security-rules-hint" className="text-muted-foreground -mt-1 text-xs">
          {t.securityRulesHint}
        </p>
        {CLIENT_SECURITY_SIGNALS.map((signal) => {
          const id = `product-security-rule-${signal}`;
          return (
            <div
              key={signal}
              className="grid gap-1.5 sm:grid-cols-[minmax(0,1fr)_13rem] sm:items-center sm:gap-3"
            >
              <Label htmlFor={id} className="font-normal">
                {t.signals[signal]}
              </Label>
              <div className="[&>[data-slot=native-select-wrapper]]:w-full">
                <NativeSelect id={id} {...form.register(`securityRules.${signal}`)}>
                  {SECURITY_RULE_ACTIONS.map((action) => (
                    <NativeSelectOption key={action} value={action}>
                      {t.ruleActions[action]}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </div>
            </div>
          );
        })}
      </fieldset>
    </FormDialog>
  );
}
