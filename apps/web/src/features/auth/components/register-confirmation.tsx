import { labels } from '@chaveiro/contract';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import { useResendVerification } from '../api/resend-verification';

const t = labels.auth;

interface RegisterConfirmationProps {
  /** Where the activation link went. */
  email: string;
  onBackToLogin: () => void;
}

/** Shown after sign-up until the visitor goes back to login (spec §4, register panel). */
export function RegisterConfirmation({ email, onBackToLogin }: RegisterConfirmationProps) {
  const resend = useResendVerification();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form the visitor was typing in is gone; move focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="grid gap-6 text-center">
      <span className="bg-primary/10 text-primary ring-primary/20 mx-auto flex size-14 items-center justify-center rounded-full ring-1">
        <MailCheck className="size-7" aria-hidden />
      </span>
      <div className="grid gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          Confirme seu e-mail
        </h2>
        <p className="text-muted-foreground text-sm text-pretty">
          Enviamos um link de ativação para{' '}
          <strong className="text-foreground block font-medium wrap-anywhere">{email}</strong> Abra
          o link para ativar sua conta e depois faça login.
        </p>
        <p className="text-muted-foreground text-xs text-pretty">
          Não chegou em alguns minutos? Confira as pastas de spam e promoções ou peça um novo link.
        </p>
      </div>
      <div className="grid gap-2">
        <Button type="button" onClick={onBackToLogin} className="w-full">
          <ArrowLeft aria-hidden />
          {t.backToLogin}
        </Button>
        <PendingButton
          type="button"
          variant="outline"
          pending={resend.isPending}
          onClick={() =>
            resend.mutate(
              { identifier: email },
              { onSuccess: (response) => toast.success(response.message) },
            )
          }
          className="w-full"
        >
          {t.resendVerification}
        </PendingButton>
      </div>
    </div>
  );
}
