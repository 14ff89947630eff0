import { emailSchema, passwordSchema, usernameSchema, type UserListItem } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { PasswordInput } from '@/components/form/password-input';
import { PendingButton } from '@/components/form/pending-button';
import { Input } from '@/components/ui/input';
import { useUpdateUserAccount, type AccountField } from '../api/update-user-account';

const FIELDS = {
  username: { label: 'Novo username', schema: usernameSchema, autoComplete: 'off' },
  email: { label: 'Novo e-mail', schema: emailSchema, autoComplete: 'off' },
  password: { label: 'Nova senha', schema: passwordSchema, autoComplete: 'new-password' },
} as const;

/** Change username, password or e-mail: exactly one field per call (spec §3). */
export function UserAccountForm({
  user,
  field,
  onDone,
}: {
  user: UserListItem;
  field: AccountField;
  onDone: (message: string) => void;
}) {
  const config = FIELDS[field];
  const mutation = useUpdateUserAccount();
  const form = useForm({
    resolver: zodResolver(z.object({ value: config.schema })),
    defaultValues: {
      value: field === 'password' ? '' : field === 'email' ? (user.email ?? '') : user.user,
    },
  });
  const error = form.formState.errors.value?.message;
  const id = `manage-${field}`;

  const onSubmit = form.handleSubmit(({ value }) => {
    mutation.mutate(
      { userId: user.id, field, value },
      { onSuccess: (response) => onDone(response.message) },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <FormField id={id} label={config.label} error={error}>
        {(control) =>
          field === 'password' ? (
            <PasswordInput {...control} {...form.register('value')} autoComplete="new-password" />
          ) : (
            <Input
              {...control}
              {...form.register('value')}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={config.autoComplete}
              autoCapitalize="none"
              spellCheck={false}
            />
          )
        }
      </FormField>
      <PendingButton type="submit" pending={mutation.isPending}>
        Salvar
      </PendingButton>
    </form>
  );
}
