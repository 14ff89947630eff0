import { labels, messages } from '@chaveiro/contract';
import { CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { useVerifyEmail } from '../api/verify-email';
import { accountErrorMessage } from '../utils/account-error';
import { AuthCard } from './auth-card';

const t = labels.auth;

/** `/verify-email?token=`: confirms the address once, then says how it went (spec §2, §4). */
export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single-use: StrictMode's second effect run, or a re-render, must not spend it again.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token || verify.isError) {
    return (
      <AuthCard
        icon={CircleX}
        tone="danger"
        title="Não foi possível confirmar seu e-mail"
        description={
          <p role="alert">
            {token
              ? accountErrorMessage(verify.error, messages.errors.verifyFallback)
              : messages.errors.verifyTokenMissing}
          </p>
        }
        footer={
          <Link to="/auth" className={buttonVariants({ className: 'w-full' })}>
            {t.retry}
          </Link>
        }
      />
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title={verify.data.alreadyConfirmed ? 'E-mail já confirmado' : 'E-mail confirmado'}
        description={<p role="status">{verify.data.message}</p>}
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
      icon={Loader2}
      busy
      title="Confirmando seu e-mail…"
      description={<p role="status">Aguarde só um instante.</p>}
    />
  );
}
