import { forgotPasswordBodySchema, labels } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from './auth-card';
import { BackToLoginLink } from './back-to-login-link';

const t = labels.auth;

/** `/forgot-password`: an e-mail form, then the "check your inbox" confirmation (spec §2, §4). */
export function ForgotPasswordScreen() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((body) => {
    forgot.mutate(body, {
      onSuccess: (response) => setSent({ email: body.email, message: response.message }),
    });
  });

  if (sent) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Confira seu e-mail"
        description={
          <div className="grid gap-2">
            <p role="status">{sent.message}</p>
            <p>
              Endereço informado:{' '}
              <strong className="text-foreground font-medium wrap-anywhere">{sent.email}</strong>
            </p>
          </div>
        }
        footer={
          <>
            <BackToLoginLink variant="default" />
            <Button type="button" variant="ghost" className="w-full" onClick={() => setSent(null)}>
              Usar outro e-mail
            </Button>
          </>
        }
      />
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Esqueceu sua senha?"
      description="Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha."
      footer={<BackToLoginLink />}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <InputField
          id="forgot-email"
          label={t.email}
          error={form.formState.errors.email?.message}
          {...form.register('email')}
          type="email"
          autoComplete="email"
          autoFocus
        />
        <PendingButton type="submit" pending={forgot.isPending} className="w-full">
          {t.sendResetLink}
        </PendingButton>
      </form>
    </AuthCard>
  );
}
