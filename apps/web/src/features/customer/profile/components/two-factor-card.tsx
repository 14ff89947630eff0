import { accountMessages, type Profile, type TwoFactorSetupResponse } from '@chaveiro/contract';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { PendingButton } from '@/components/form/pending-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { playSound } from '@/lib/sounds';
import { cn } from '@/lib/utils';
import { useGenerateTwoFactor } from '../api/generate-two-factor';
import { texts as t } from '../texts';
import { RegenerateRecoveryCodesDialog } from './recovery-codes-dialog';
import { DisableTwoFactorDialog } from './two-factor-disable-dialog';
import { EnableTwoFactorDialog } from './two-factor-enable-dialog';

/**
 * 2FA status; 'Ativar' (QR code, code and password, then the recovery codes) stays disabled once
 * enabled; then the recovery codes left, "Gerar novos códigos" and "Desativar".
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
      <EnableTwoFactorDialog
        setup={setup}
        username={profile.username}
        onClose={() => setSetup(null)}
      />
      <RegenerateRecoveryCodesDialog
        open={regenerateOpen}
        username={profile.username}
        onOpenChange={setRegenerateOpen}
      />
      <DisableTwoFactorDialog open={disableOpen} onOpenChange={setDisableOpen} />
    </Card>
  );
}
