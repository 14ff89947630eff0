import { LIMITS, labels, messages, registerBodySchema } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { InputField, PasswordField, UsernameField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { useRegister } from '../api/register';
import { accountErrorMessage, hasErrorCode } from '../utils/account-error';

const t = labels.auth;

/** Cadastro tab: username, e-mail and password (spec §2, §5). */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const registerMutation = useRegister();
  const form = useForm({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    registerMutation.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message);
        onRegistered(body.email);
      },
      onError: (error) => {
        // A taken name is also marked on its field, so the visitor sees what to change (a taken
        // address is answered like a new one: the server mails its owner instead).
        if (hasErrorCode(error, 'USERNAME_TAKEN')) {
          form.setError('username', { message: error.message }, { shouldFocus: true });
        }
        toast.error(accountErrorMessage(error, messages.errors.registerFallback));
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <UsernameField
        id="register-username"
        label={t.username}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <InputField
        id="register-email"
        label={t.email}
        error={errors.email?.message}
        {...form.register('email')}
        type="email"
        autoComplete="email"
      />
      <PasswordField
        id="register-password"
        label={t.password}
        error={errors.password?.message}
        hint={`Use pelo menos ${String(LIMITS.passwordMin)} caracteres.`}
        {...form.register('password')}
        autoComplete="new-password"
      />
      <PendingButton type="submit" pending={registerMutation.isPending} className="mt-2 w-full">
        {t.register}
      </PendingButton>
      <p className="text-muted-foreground text-center text-xs text-pretty">
        Ao criar sua conta, você concorda com os{' '}
        <Link
          to="/terms"
          className="text-foreground focus-visible:ring-ring/50 rounded-sm underline underline-offset-4 outline-none focus-visible:ring-[3px]"
        >
          Termos de Uso
        </Link>
        .
      </p>
    </form>
  );
}
