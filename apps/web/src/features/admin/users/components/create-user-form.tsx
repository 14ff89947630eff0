import {
  createUserBodySchema,
  DEFAULT_SUBSCRIPTION,
  messages,
  newUserSubscriptionSchema,
  type CreateUserBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import {
  InputField,
  NumberField,
  PasswordField,
  UsernameField,
} from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCreateUser } from '../api/create-user';
import { ProductSelect } from './product-select';

const { username, email, password } = createUserBodySchema.shape;

/**
 * The form keeps the subscription fields even while the switch is off (so they keep their
 * values); the body only carries them when it is on, all three valid (spec §5).
 */
const createUserFormSchema = z
  .object({
    username,
    email,
    password,
    withSubscription: z.boolean(),
    subscription: z.object({ productId: z.string(), days: z.number(), devices: z.number() }),
  })
  .superRefine((values, context) => {
    if (
      values.withSubscription &&
      !newUserSubscriptionSchema.safeParse(values.subscription).success
    ) {
      context.addIssue({
        code: 'custom',
        path: ['subscription'],
        message: messages.validation.subscriptionFieldsRequired,
      });
    }
  })
  .transform((values): CreateUserBody => ({
    username: values.username,
    email: values.email,
    password: values.password,
    ...(values.withSubscription ? { subscription: values.subscription } : {}),
  }));

const DEFAULTS = {
  username: '',
  email: '',
  password: '',
  withSubscription: false,
  subscription: { productId: '', ...DEFAULT_SUBSCRIPTION },
};

/** 'Gerenciar Usuários' create form: username, e-mail, password and an optional subscription. */
export function CreateUserForm() {
  const mutation = useCreateUser();
  const form = useForm({ resolver: zodResolver(createUserFormSchema), defaultValues: DEFAULTS });
  const { errors } = form.formState;
  const withSubscription = useWatch({ control: form.control, name: 'withSubscription' });
  const subscriptionError = errors.subscription?.message ?? errors.subscription?.root?.message;

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message);
        form.reset(DEFAULTS);
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        <UsernameField
          id="create-username"
          label="Username"
          error={errors.username?.message}
          {...form.register('username')}
          autoComplete="off"
        />
        <InputField
          id="create-email"
          label="E-mail"
          error={errors.email?.message}
          {...form.register('email')}
          type="email"
          autoComplete="off"
        />
        <PasswordField
          id="create-password"
          label="Senha"
          error={errors.password?.message}
          {...form.register('password')}
          autoComplete="new-password"
        />
      </div>

      <div className="flex items-center gap-3">
        <Switch
          id="create-with-subscription"
          checked={withSubscription}
          onCheckedChange={(checked) =>
            form.setValue('withSubscription', checked, {
              shouldValidate: form.formState.isSubmitted,
            })
          }
        />
        <Label htmlFor="create-with-subscription">Adicionar assinatura</Label>
      </div>

      {withSubscription ? (
        <fieldset className="grid gap-4 rounded-md border p-4 md:grid-cols-3">
          <legend className="sr-only">Assinatura</legend>
          <FormField id="create-product" label="Produto">
            {(control) => (
              <ProductSelect
                {...control}
                aria-invalid={Boolean(subscriptionError)}
                {...form.register('subscription.productId')}
              />
            )}
          </FormField>
          <NumberField
            id="create-days"
            label="Dias"
            aria-invalid={Boolean(subscriptionError)}
            {...form.register('subscription.days', { valueAsNumber: true })}
            min={1}
          />
          <NumberField
            id="create-devices"
            label="Devices"
            aria-invalid={Boolean(subscriptionError)}
            {...form.register('subscription.devices', { valueAsNumber: true })}
            min={1}
          />
          {subscriptionError ? (
            <p role="alert" className="text-destructive text-sm md:col-span-3">
              {subscriptionError}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <div>
        <PendingButton type="submit" pending={mutation.isPending}>
          <UserPlus aria-hidden />
          Criar usuário
        </PendingButton>
      </div>
    </form>
  );
}
