import { accountMessages, recoveryCodesBodySchema } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { texts as t } from '../texts';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SecondFactorField } from './second-factor-field';
import { twoFactorFeedback } from './two-factor-feedback';

/** "Gerar novos códigos": the password and a current code, then the new codes (the old ones are dead). */
export function RegenerateRecoveryCodesDialog({
  open,
  username,
  onOpenChange,
}: {
  open: boolean;
  username: string;
  onOpenChange: (open: boolean) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    resolver: zodResolver(recoveryCodesBodySchema),
    defaultValues: { currentPassword: '', totp: '' },
  });
  const openChange = (next: boolean) => {
    if (!next) {
      setCodes(null);
      form.reset();
    }
    onOpenChange(next);
  };
  const onSubmit = form.handleSubmit((body) =>
    regenerate.mutate(body, {
      onSuccess: (answer) => {
        twoFactorFeedback.onSuccess(answer);
        setCodes(answer.recoveryCodes);
      },
      onError: () => {
        twoFactorFeedback.onError();
        form.setValue('totp', '');
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent className="sm:max-w-[440px]">
        <DialogHeader>
          <DialogTitle>
            {codes ? accountMessages.recoveryCodesTitle : accountMessages.recoveryCodesRegenerate}
          </DialogTitle>
          <DialogDescription>
            {codes
              ? accountMessages.recoveryCodesRegenerated
              : accountMessages.recoveryCodesRegenerateDescription}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodesPanel codes={codes} username={username} onDone={() => openChange(false)} />
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
            <PasswordField
              id="recovery-codes-password"
              label={t.currentPassword}
              error={form.formState.errors.currentPassword?.message}
              {...form.register('currentPassword')}
              autoComplete="current-password"
            />
            <SecondFactorField
              id="recovery-codes-code"
              error={form.formState.errors.totp?.message}
              {...form.register('totp')}
            />
            <PendingButton type="submit" pending={regenerate.isPending}>
              {accountMessages.recoveryCodesRegenerate}
            </PendingButton>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
