import { labels, loginBodySchema, messages, type LoginBody } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PasswordField, UsernameField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { useLogin } from '../api/login';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { accountErrorMessage, hasErrorCode } from '../utils/account-error';
import { EmailNotVerifiedNotice } from './email-not-verified-notice';
import { TwoFactorStep } from './two-factor-step';

const t = labels.auth;

/** The password form; the TOTP code is asked for in a second step only when the account needs it. */
const credentialsSchema = loginBodySchema.omit({ totp: true });
type Credentials = Omit<LoginBody, 'totp'>;

export function LoginForm({ defaultIdentifier = '' }: { defaultIdentifier?: string }) {
  const loginMutation = useLogin();
  const completeLogin = useCompleteLogin();
  const [challenge, setChallenge] = useState<{ credentials: Credentials; prompt: string } | null>(
    null,
  );
  const [unverified, setUnverified] = useState<{ message: string; identifier: string } | null>(
    null,
  );
  const form = useForm({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { identifier: defaultIdentifier, password: '' },
  });
  const { errors } = form.formState;
  const returningFromChallenge = useRef(false);

  useEffect(() => {
    if (challenge || !returningFromChallenge.current) return;
    returningFromChallenge.current = false;
    form.setFocus('password');
  }, [challenge, form]);

  const onSubmit = form.handleSubmit((credentials) => {
    setUnverified(null);
    loginMutation.mutate(credentials, {
      onSuccess: completeLogin,
      onError: (error) => {
        if (hasErrorCode(error, 'TWO_FACTOR_REQUIRED')) {
          setChallenge({ credentials, prompt: error.message });
        } else if (hasErrorCode(error, 'EMAIL_NOT_VERIFIED')) {
          setUnverified({ message: error.message, identifier: credentials.identifier });
        } else {
          toast.error(accountErrorMessage(error, messages.errors.loginFallback));
        }
      },
    });
  });

  if (challenge) {
    return (
      <TwoFactorStep
        credentials={challenge.credentials}
        prompt={challenge.prompt}
        onSuccess={completeLogin}
        onBack={() => {
          returningFromChallenge.current = true;
          setChallenge(null);
        }}
      />
    );
  }

  return (
    <div className="grid gap-4">
      {unverified ? (
        <EmailNotVerifiedNotice message={unverified.message} identifier={unverified.identifier} />
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <UsernameField
          id="login-identifier"
          label={t.identifier}
          error={errors.identifier?.message}
          {...form.register('identifier')}
        />
        <PasswordField
          id="login-password"
          label={t.password}
          error={errors.password?.message}
          {...form.register('password')}
          autoComplete="current-password"
        />
        <PendingButton type="submit" pending={loginMutation.isPending} className="mt-2 w-full">
          {t.login}
        </PendingButton>
        {/* After the submit button, so Tab goes from the identifier straight to the password. */}
        <Link
          to="/forgot-password"
          className="text-primary focus-visible:ring-ring/50 justify-self-center rounded-sm text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
        >
          {t.forgotPassword}
        </Link>
      </form>
    </div>
  );
}
