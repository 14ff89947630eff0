import {
  DEFAULT_SUBSCRIPTION,
  subscriptionDaysBodySchema,
  type UserListItem,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { NumberField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useChangeSubscriptionDays } from '../api/change-subscription-days';
import { useUserSubscriptions } from '../api/get-user-subscriptions';
import { subscriptionLabel } from './subscription-label';

const daysFormSchema = subscriptionDaysBodySchema.extend({
  subscriptionId: z.string().min(1, 'Selecione uma assinatura.'),
});

/** Add or remove days of one subscription; negative numbers remove (spec §5). */
export function UserDaysForm({
  user,
  onDone,
}: {
  user: UserListItem;
  onDone: (message: string) => void;
}) {
  const subscriptions = useUserSubscriptions(user.id);
  const mutation = useChangeSubscriptionDays();
  const form = useForm({
    resolver: zodResolver(daysFormSchema),
    defaultValues: { subscriptionId: '', days: DEFAULT_SUBSCRIPTION.days },
  });
  const { errors } = form.formState;

  if (subscriptions.isPending) return <Skeleton className="h-24 w-full" />;
  if (subscriptions.isError) return <LoadErrorAlert error={subscriptions.error} />;
  if (subscriptions.data.length === 0) {
    return <p className="text-muted-foreground text-sm">Este usuário não tem assinaturas.</p>;
  }

  const onSubmit = form.handleSubmit(({ subscriptionId, days }) => {
    mutation.mutate(
      { subscriptionId, days },
      { onSuccess: (response) => onDone(response.message) },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <FormField
        id="manage-days-subscription"
        label="Assinatura"
        error={errors.subscriptionId?.message}
      >
        {(control) => (
          <div className="[&>[data-slot=native-select-wrapper]]:w-full">
            <NativeSelect {...control} {...form.register('subscriptionId')}>
              <NativeSelectOption value="">Selecione uma assinatura</NativeSelectOption>
              {subscriptions.data.map((subscription) => (
                <NativeSelectOption key={subscription.id} value={subscription.id}>
                  {subscriptionLabel(subscription)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
        )}
      </FormField>
      <NumberField
        id="manage-days-amount"
        label="Dias"
        error={errors.days?.message}
        hint="Use um número negativo para remover dias."
        {...form.register('days', { valueAsNumber: true })}
      />
      <PendingButton type="submit" pending={mutation.isPending}>
        Aplicar dias
      </PendingButton>
    </form>
  );
}
