import { LIMITS, labels, messages, resetPasswordFormSchema } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, LockKeyhole, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PasswordField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { buttonVariants } from '@/components/ui/button-variants';
import { useResetPassword } from '../api/reset-password';
import { hasErrorCode } from '../utils/account-error';
import { AuthCard } from './auth-card';
import { BackToLoginLink } from './back-to-login-link';

const t = labels.auth;

function InvalidLink() {
  return (
    <AuthCard
      icon={TriangleAlert}
      tone="danger"
      title="Link de redefinição inválido"
      description={
        <p>{messages.errors.tokenInvalidOrExpired} Peça um novo link para redefinir sua senha.</p>
      }
      footer={
        <>
          <Link to="/forgot-password" className={buttonVariants({ className: 'w-full' })}>
            {t.requestNewLink}
          </Link>
          <BackToLoginLink />
        </>
      }
    />
  );
}

/** `/reset-password?token=`: new password and its confirmation, then success (spec §2, §4, §5). */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<{ done: string } | 'invalid' | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const warned = useRef(false);

  useEffect(() => {
    if (token || warned.current) return;
    warned.current = true;
    toast.error(messages.errors.resetTokenMissing);
  }, [token]);

  const onSubmit = form.handleSubmit(({ password }) => {
    reset.mutate(
      { password, token },
      {
        onSuccess: (response) => setOutcome({ done: response.message }),
        // The error toast already carries the server's message; a spent link cannot be retried.
        onError: (error) => {
          if (hasErrorCode(error, 'TOKEN_INVALID')) setOutcome('invalid');
        },
      },
    );
  });

  if (!token || outcome === 'invalid') return <InvalidLink />;

  if (outcome) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title="Senha redefinida"
        description={<p role="status">{outcome.done}</p>}
        footer={
          <Link to="/auth" className={buttonVariants({ className: 'w-full' })}>
            {t.goToLogin}
          </Link>
        }
      />
    );
  }

  return (
    <AuthCard
      icon={LockKeyhole}
      title="Crie uma nova senha"
      description={`Escolha uma senha com pelo menos ${String(LIMITS.passwordMin)} caracteres que você não use em outros sites.`}
      footer={<BackToLoginLink />}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <PasswordField
          id="reset-password"
          label={t.newPassword}
          error={errors.password?.message}
          {...form.register('password')}
          autoComplete="new-password"
          autoFocus
        />
        <PasswordField
          id="reset-confirm-password"
          label={t.confirmPassword}
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
          autoComplete="new-password"
        />
        <PendingButton type="submit" pending={reset.isPending} className="w-full">
          {t.resetPassword}
        </PendingButton>
      </form>
    </AuthCard>
  );
}
