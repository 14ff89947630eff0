import { labels, resendVerificationBodySchema } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailWarning } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '@/components/form/form-field';
import { PendingButton } from '@/components/form/pending-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { useResendVerification } from '../api/resend-verification';

const t = labels.auth;

interface EmailNotVerifiedNoticeProps {
  /** The server's explanation (EMAIL_NOT_VERIFIED). */
  message: string;
  /** What the visitor typed to log in: prefilled as the address when it is one. */
  identifier: string;
}

/** Login refused until the address is confirmed: says so and offers a new confirmation link. */
export function EmailNotVerifiedNotice({ message, identifier }: EmailNotVerifiedNoticeProps) {
  const resend = useResendVerification();
  const form = useForm({
    resolver: zodResolver(resendVerificationBodySchema),
    defaultValues: { email: identifier.includes('@') ? identifier : '' },
  });
  const onSubmit = form.handleSubmit((body) => {
    resend.mutate(body, { onSuccess: (response) => toast.success(response.message) });
  });

  return (
    <Alert className="border-amber-500/40 bg-amber-500/5">
      <MailWarning className="text-amber-600 dark:text-amber-400" aria-hidden />
      <AlertTitle className="line-clamp-none">E-mail não confirmado</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
      </AlertDescription>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="col-start-2 mt-3 grid gap-3"
        aria-label={t.resendVerification}
      >
        <FormField id="resend-email" label={t.email} error={form.formState.errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('email')}
              type="email"
              autoComplete="email"
              className="bg-background"
            />
          )}
        </FormField>
        <PendingButton type="submit" variant="outline" size="sm" pending={resend.isPending}>
          {t.resendVerification}
        </PendingButton>
      </form>
    </Alert>
  );
}
