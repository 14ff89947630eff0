import {
  addSubscriptionBodySchema,
  DEFAULT_SUBSCRIPTION,
  type UserListItem,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import { NumberField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { useAddUserSubscription } from '../api/add-user-subscription';
import { ProductSelect } from './product-select';

/** Add subscription: product required, 30 days and 1 device by default (spec §5). */
export function UserAddSubscriptionForm({
  user,
  onDone,
}: {
  user: UserListItem;
  onDone: (message: string) => void;
}) {
  const mutation = useAddUserSubscription();
  const form = useForm({
    resolver: zodResolver(addSubscriptionBodySchema),
    defaultValues: {
      productId: '',
      days: DEFAULT_SUBSCRIPTION.days,
      devices: DEFAULT_SUBSCRIPTION.devices,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(
      { userId: user.id, ...body },
      { onSuccess: (response) => onDone(response.message) },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <FormField id="manage-product" label="Produto" error={errors.productId?.message}>
        {(control) => <ProductSelect {...control} {...form.register('productId')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <NumberField
          id="manage-days"
          label="Dias"
          error={errors.days?.message}
          {...form.register('days', { valueAsNumber: true })}
          min={1}
        />
        <NumberField
          id="manage-devices"
          label="Devices"
          error={errors.devices?.message}
          {...form.register('devices', { valueAsNumber: true })}
          min={1}
        />
      </div>
      <PendingButton type="submit" pending={mutation.isPending}>
        Adicionar assinatura
      </PendingButton>
    </form>
  );
}
