import {
  createResellerBodySchema,
  messages,
  RESELLER_CREATE_TYPES,
  type ClientItem,
  type CreateResellerBody,
  type CreateResellerInput,
  type ResellerCreateType,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Store, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { InputField, PasswordField, UsernameField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useCreateReseller } from '../api/create-reseller';
import { resellersTexts } from '../texts';
import { ClientPicker } from './client-picker';

const text = resellersTexts.create;
const REQUIRED = messages.validation.resellerFieldsRequired;

/**
 * The form's values are the inputs' strings; an empty initial balance becomes the contract's
 * default 0, anything else a number. The contract's schema then validates the body.
 */
const createResellerFormSchema = z
  .object({
    type: z.enum(RESELLER_CREATE_TYPES),
    userId: z.string(),
    username: z.string(),
    email: z.string(),
    password: z.string(),
    initialBalance: z.string(),
  })
  .transform(({ initialBalance, ...body }): CreateResellerBody => ({
    ...body,
    initialBalance: initialBalance.trim() === '' ? undefined : Number(initialBalance),
  }))
  .pipe(createResellerBodySchema);

type CreateResellerFormValues = z.input<typeof createResellerFormSchema>;

const FIELDS_OF_TYPE = {
  new: ['username', 'email', 'password'],
  existing: ['userId'],
} as const satisfies Record<ResellerCreateType, readonly (keyof CreateResellerFormValues)[]>;

const DEFAULTS: CreateResellerFormValues = {
  type: 'new',
  userId: '',
  username: '',
  email: '',
  password: '',
  initialBalance: '',
};

function isCreateType(value: string): value is ResellerCreateType {
  return (RESELLER_CREATE_TYPES as readonly string[]).includes(value);
}

/**
 * Spec §2: a new account (username, e-mail, password) or an existing client, plus an optional
 * initial balance. The contract's schema validates and drops the other type's fields, so the
 * body carries only what the chosen type needs.
 */
export function CreateResellerForm() {
  const mutation = useCreateReseller();
  const form = useForm<CreateResellerFormValues, unknown, CreateResellerInput>({
    resolver: zodResolver(createResellerFormSchema),
    defaultValues: DEFAULTS,
  });
  const [client, setClient] = useState<ClientItem | null>(null);
  // Remounts the client picker after a promotion so its search box starts empty again.
  const [pickerKey, setPickerKey] = useState(0);
  const values = useWatch({ control: form.control });
  const type = values.type ?? 'new';
  const { errors } = form.formState;

  // The "fill the required fields" message speaks of the whole type, so it is shown once, for
  // the form, and every empty required field of the type is marked invalid.
  const requiredShown = FIELDS_OF_TYPE[type].some((name) => errors[name]?.message === REQUIRED);
  const fieldError = (name: keyof CreateResellerFormValues) => {
    const message = errors[name]?.message;
    return message === REQUIRED ? undefined : message;
  };
  const invalid = (name: keyof CreateResellerFormValues) =>
    Boolean(fieldError(name)) || (requiredShown && !values[name]);

  const chooseType = (next: string) => {
    if (!isCreateType(next)) return;
    form.setValue('type', next);
    form.clearErrors();
  };

  const chooseClient = (picked: ClientItem) => {
    setClient(picked);
    form.setValue('userId', picked.id, { shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message);
        form.reset({ ...DEFAULTS, type: body.type });
        setClient(null);
        setPickerKey((key) => key + 1);
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <div className="grid gap-3">
        <p id="reseller-type-label" className="text-sm font-medium">
          {text.typeLegend}
        </p>
        <RadioGroup
          aria-labelledby="reseller-type-label"
          value={type}
          onValueChange={chooseType}
          className="flex flex-wrap gap-x-6"
        >
          {RESELLER_CREATE_TYPES.map((option) => (
            <div key={option} className="flex items-center gap-2">
              <RadioGroupItem id={`reseller-type-${option}`} value={option} />
              <Label htmlFor={`reseller-type-${option}`} className="font-normal">
                {option === 'new' ? text.typeNew : text.typeExisting}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </div>

      {type === 'new' ? (
        <div className="grid gap-4 md:grid-cols-3">
          <UsernameField
            id="reseller-username"
            label={text.username}
            error={fieldError('username')}
            aria-invalid={invalid('username')}
            {...form.register('username')}
            autoComplete="off"
          />
          <InputField
            id="reseller-email"
            label={text.email}
            error={fieldError('email')}
            aria-invalid={invalid('email')}
            {...form.register('email')}
            type="email"
            autoComplete="off"
          />
          <PasswordField
            id="reseller-password"
            label={text.password}
            error={fieldError('password')}
            aria-invalid={invalid('password')}
            {...form.register('password')}
            autoComplete="new-password"
          />
        </div>
      ) : (
        <div className="max-w-md">
          <FormField
            id="reseller-client"
            label={text.client}
            hint={resellersTexts.clients.hint}
            error={fieldError('userId')}
          >
            {(control) => (
              <ClientPicker
                key={pickerKey}
                control={{ ...control, 'aria-invalid': invalid('userId') }}
                value={client}
                onChange={chooseClient}
              />
            )}
          </FormField>
        </div>
      )}

      <div className="max-w-xs">
        <InputField
          id="reseller-initial-balance"
          label={text.initialBalance}
          hint={text.initialBalanceHint}
          error={errors.initialBalance?.message}
          {...form.register('initialBalance')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0,00"
        />
      </div>

      {requiredShown ? (
        <p role="alert" className="text-destructive text-sm">
          {REQUIRED}
        </p>
      ) : null}

      <div>
        <PendingButton type="submit" pending={mutation.isPending}>
          {mutation.isPending ? null : type === 'new' ? (
            <UserPlus aria-hidden />
          ) : (
            <Store aria-hidden />
          )}
          {type === 'new' ? text.submitNew : text.submitExisting}
        </PendingButton>
      </div>
    </form>
  );
}
