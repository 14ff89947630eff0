import {
  accountMessages,
  messages,
  twoFactorVerifyBodySchema,
  LIMITS,
  type TwoFactorSetupResponse,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField, PasswordField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { texts as t } from '../texts';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { twoFactorFeedback } from './two-factor-feedback';

/** QR code, secret, the first code and the password; then the 10 recovery codes. */
export function EnableTwoFactorDialog({
  setup,
  username,
  onClose,
}: {
  setup: TwoFactorSetupResponse | null;
  username: string;
  onClose: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    resolver: zodResolver(twoFactorVerifyBodySchema),
    defaultValues: { token: '', currentPassword: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    setCodes(null);
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((body) =>
    verify.mutate(body, {
      onSuccess: (answer) => {
        twoFactorFeedback.onSuccess(answer);
        setCodes(answer.recoveryCodes);
      },
      onError: () => {
        twoFactorFeedback.onError();
        form.setValue('token', '');
      },
    }),
  );
  return (
    <Dialog open={setup !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="sm:max-w-[440px]">
        <DialogHeader>
          <DialogTitle>{codes ? accountMessages.recoveryCodesTitle : t.enableTitle}</DialogTitle>
          <DialogDescription>
            {codes ? messages.profile.twoFactorEnabled : t.enableBody}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodesPanel codes={codes} username={username} onDone={close} />
        ) : setup ? (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
            <img
              src={setup.qrCodeUrl}
              alt={t.qrAlt}
              className="mx-auto size-48 rounded-lg bg-white p-2"
            />
            <div className="grid gap-1 text-center">
              <p className="text-muted-foreground text-xs">{t.secretLabel}</p>
              <code
                data-testid="two-factor-secret"
                className="bg-muted rounded-md px-2 py-1.5 font-mono text-sm break-all select-all"
              >
                {setup.secret}
              </code>
            </div>
            <InputField
              id="two-factor-enable-code"
              label={t.code}
              error={errors.token?.message}
              {...form.register('token')}
              maxLength={LIMITS.twoFactorCodeLength}
              inputMode="numeric"
              autoComplete="one-time-code"
              className="max-w-40 font-mono text-lg tracking-[0.4em]"
            />
            <PasswordField
              id="two-factor-enable-password"
              label={t.currentPassword}
              error={errors.currentPassword?.message}
              {...form.register('currentPassword')}
              autoComplete="current-password"
            />
            <PendingButton type="submit" pending={verify.isPending}>
              {t.confirm}
            </PendingButton>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
