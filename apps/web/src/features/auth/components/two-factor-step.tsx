import {
  LIMITS,
  RECOVERY_CODE_PATTERN,
  accountMessages,
  labels,
  messages,
  type LoginBody,
  type LoginResponse,
} from '@chaveiro/contract';
import { ArrowLeft, Smartphone } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useLogin } from '../api/login';
import { accountErrorMessage, hasErrorCode } from '../utils/account-error';

const t = labels.auth;
const CODE_LENGTH = LIMITS.twoFactorCodeLength;
/** "XXXXX-XXXXX": a recovery code with its dash, the longest thing this field takes. */
const MAX_LENGTH = 11;
const TOTP_PATTERN = /^\d{6}$/;

/** A whole code: the app's 6 digits, or a recovery code (any case, dash optional). */
function isCompleteCode(code: string): boolean {
  return TOTP_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code);
}

interface TwoFactorStepProps {
  credentials: Omit<LoginBody, 'totp'>;
  /** The server's request for the code. */
  prompt: string;
  onSuccess: (response: LoginResponse) => void;
  onBack: () => void;
}

/**
 * Second login step for accounts with 2FA: the 6-digit code from the authenticator app, or one of
 * the recovery codes, sent again with the identifier and password. Sends by itself
 * once the sixth digit is typed; a recovery code is sent with the button.
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
    if (isCompleteCode(code)) send(code);
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
            // Letters stay as typed (the server compares recovery codes in any case).
            const typed = event.target.value.replace(/[^A-Za-z0-9-]/g, '').slice(0, MAX_LENGTH);
            setCode(typed);
            if (TOTP_PATTERN.test(typed)) send(typed);
          }}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={MAX_LENGTH}
          placeholder="000000"
          autoFocus
          aria-invalid={error !== null}
          aria-describedby={error ? 'login-totp-error login-totp-hint' : 'login-totp-hint'}
          className={cn(
            'h-12 text-center font-mono placeholder:tracking-[0.5em]',
            code.length > CODE_LENGTH
              ? 'text-xl tracking-[0.1em] md:text-xl'
              : 'text-2xl tracking-[0.5em] md:text-2xl',
          )}
        />
        <p id="login-totp-hint" className="text-muted-foreground text-xs">
          {accountMessages.loginRecoveryHint}
        </p>
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
          disabled={!isCompleteCode(code)}
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
