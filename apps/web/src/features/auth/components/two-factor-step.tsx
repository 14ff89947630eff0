import { LIMITS, labels, messages, type LoginBody, type LoginResponse } from '@chaveiro/contract';
import { ArrowLeft, Smartphone } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLogin } from '../api/login';
import { accountErrorMessage, hasErrorCode } from '../utils/account-error';

const t = labels.auth;
const CODE_LENGTH = LIMITS.twoFactorCodeLength;

interface TwoFactorStepProps {
  credentials: Omit<LoginBody, 'totp'>;
  /** The server's request for the code. */
  prompt: string;
  onSuccess: (response: LoginResponse) => void;
  onBack: () => void;
}

/**
 * Second login step for accounts with 2FA: the 6-digit code from the authenticator app, sent
 * again with the identifier and password. Sends by itself once the sixth digit is typed.
 */
export function TwoFactorStep({ credentials, prompt, onSuccess, onBack }: TwoFactorStepProps) {
  const loginMutation = useLogin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const send = (totp: string) => {
    if (loginMutation.isPending) return;
    setError(null);
    loginMutation.mutate(
      { ...credentials, totp },
      {
        onSuccess,
        onError: (failure) => {
          if (hasErrorCode(failure, 'TWO_FACTOR_INVALID')) {
            setError(failure.message);
            setCode('');
            inputRef.current?.focus();
          } else {
            toast.error(accountErrorMessage(failure, messages.errors.loginFallback));
          }
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length === CODE_LENGTH) send(code);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="flex items-start gap-3">
        <span className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-lg">
          <Smartphone className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h2 className="font-semibold">Verificação em duas etapas</h2>
          <p className="text-muted-foreground text-sm">{prompt}</p>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="login-totp">{t.twoFactorCode}</Label>
        <Input
          ref={inputRef}
          id="login-totp"
          name="totp"
          value={code}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
            setCode(digits);
            if (digits.length === CODE_LENGTH) send(digits);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          placeholder="000000"
          autoFocus
          aria-invalid={error !== null}
          aria-describedby={error ? 'login-totp-error' : undefined}
          className="h-12 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em] md:text-2xl"
        />
        {error ? (
          <p id="login-totp-error" role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <PendingButton
          type="submit"
          pending={loginMutation.isPending}
          disabled={code.length !== CODE_LENGTH}
          className="w-full"
        >
          {t.verifyCode}
        </PendingButton>
        <Button
          type="button"
          variant="ghost"
          onClick={onBack}
          disabled={loginMutation.isPending}
          className="w-full"
        >
          <ArrowLeft aria-hidden />
          {t.back}
        </Button>
      </div>
    </form>
  );
}
