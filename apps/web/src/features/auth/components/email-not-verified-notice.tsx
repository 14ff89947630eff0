import { labels } from '@chaveiro/contract';
import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useResendVerification } from '../api/resend-verification';

const t = labels.auth;

interface EmailNotVerifiedNoticeProps {
  /** The server's explanation (EMAIL_NOT_VERIFIED). */
  message: string;
  /** The username or e-mail just used to log in: the account the new link is for. */
  identifier: string;
}

/**
 * Login refused until the address is confirmed: says so and sends a new confirmation link to the
 * account just tried, without asking for its address again.
 */
export function EmailNotVerifiedNotice({ message, identifier }: EmailNotVerifiedNoticeProps) {
  const resend = useResendVerification();

  return (
    <Alert className="border-amber-500/40 bg-amber-500/5">
      <MailWarning className="text-amber-600 dark:text-amber-400" aria-hidden />
      <AlertTitle className="line-clamp-none">E-mail não confirmado</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
      </AlertDescription>
      <PendingButton
        type="button"
        variant="outline"
        size="sm"
        pending={resend.isPending}
        onClick={() =>
          resend.mutate(
            { identifier },
            { onSuccess: (response) => toast.success(response.message) },
          )
        }
        className="col-start-2 mt-3 justify-self-start"
      >
        {t.resendVerification}
      </PendingButton>
    </Alert>
  );
}
