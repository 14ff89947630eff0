import {
  accountMessages,
  messages,
  recoveryCodesBodySchema,
  twoFactorDisableBodySchema,
  twoFactorVerifyBodySchema,
  LIMITS,
  type Profile,
  type TwoFactorSetupResponse,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { InputField, PasswordField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { playSound } from '@/lib/sounds';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useGenerateTwoFactor } from '../api/generate-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { texts as t } from '../texts';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SecondFactorField } from './second-factor-field';

/** Success toast and sound; a failure sounds (its toast comes from the query client). */
const feedback = {
  onSuccess: (answer: { message: string }) => {
    toast.success(answer.message);
    playSound('success');
  },
  onError: () => playSound('error'),
};

/** QR code, secret, the first code and the password; then the 10 recovery codes. */
function EnableDialog({
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
        feedback.onSuccess(answer);
        setCodes(answer.recoveryCodes);
      },
      onError: () => {
        feedback.onError();
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

/** "Gerar novos códigos": the password and a current code, then the new codes (the old ones are dead). */
function RegenerateDialog({
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
        feedback.onSuccess(answer);
        setCodes(answer.recoveryCodes);
      },
      onError: () => {
        feedback.onError();
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

/** "Desativar": the password and a current code (authenticator or recovery). */
function DisableDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const disable = useDisableTwoFactor();
  const form = useForm({
    resolver: zodResolver(twoFactorDisableBodySchema),
    defaultValues: { currentPassword: '', totp: '' },
  });
  const { errors } = form.formState;
  const openChange = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const onSubmit = form.handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: (answer) => {
        feedback.onSuccess(answer);
        openChange(false);
      },
      onError: () => {
        feedback.onError();
        form.setValue('totp', '');
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent className="sm:max-w-[440px]">
        <DialogHeader>
          <DialogTitle>{accountMessages.twoFactorDisableTitle}</DialogTitle>
          <DialogDescription>{accountMessages.twoFactorDisableDescription}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <PasswordField
            id="two-factor-disable-password"
            label={t.currentPassword}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
            autoComplete="current-password"
          />
          <SecondFactorField
            id="two-factor-disable-code"
            error={errors.totp?.message}
            {...form.register('totp')}
          />
          <PendingButton type="submit" variant="destructive" pending={disable.isPending}>
            {accountMessages.twoFactorDisable}
          </PendingButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 2FA status; 'Ativar' (QR code, code and password, then the recovery codes) stays disabled once
 * enabled; then the recovery codes left, "Gerar novos códigos" and "Desativar" (issue #24).
 */
export function TwoFactorCard({ profile }: { profile: Profile }) {
  const enabled = profile.is_two_factor_enabled;
  const generate = useGenerateTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const Icon = enabled ? ShieldCheck : ShieldOff;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon
            className={cn('size-5', enabled ? 'text-emerald-500' : 'text-muted-foreground')}
            aria-hidden
          />
          {t.twoFactorTitle}
        </CardTitle>
        <CardDescription>{t.twoFactorBody}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <Badge
            variant={enabled ? 'default' : 'secondary'}
            className={cn(enabled && 'bg-emerald-600 text-white dark:bg-emerald-500/80')}
          >
            {enabled ? t.twoFactorOn : t.twoFactorOff}
          </Badge>
          <PendingButton
            size="sm"
            pending={generate.isPending}
            disabled={enabled}
            onClick={() =>
              generate.mutate(undefined, {
                onSuccess: setSetup,
                onError: () => playSound('error'),
              })
            }
          >
            {t.enable}
          </PendingButton>
          {enabled ? (
            <Button size="sm" variant="outline" onClick={() => setDisableOpen(true)}>
              {accountMessages.twoFactorDisable}
            </Button>
          ) : null}
        </div>
        {enabled ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
            <p className="flex items-center gap-2 text-sm">
              <KeyRound className="text-muted-foreground size-4" aria-hidden />
              <span
                className={cn(
                  profile.recovery_codes_remaining <= 2 && 'text-amber-600 dark:text-amber-400',
                )}
              >
                {accountMessages.recoveryCodesRemaining(profile.recovery_codes_remaining)}
              </span>
            </p>
            <Button size="sm" variant="outline" onClick={() => setRegenerateOpen(true)}>
              {accountMessages.recoveryCodesRegenerate}
            </Button>
          </div>
        ) : null}
      </CardContent>
      <EnableDialog setup={setup} username={profile.username} onClose={() => setSetup(null)} />
      <RegenerateDialog
        open={regenerateOpen}
        username={profile.username}
        onOpenChange={setRegenerateOpen}
      />
      <DisableDialog open={disableOpen} onOpenChange={setDisableOpen} />
    </Card>
  );
}
