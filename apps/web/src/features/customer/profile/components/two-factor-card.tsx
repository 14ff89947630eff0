import type { TwoFactorSetupResponse } from '@chaveiro/contract';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { texts as t } from '../texts';
import { TwoFactorCodeForm } from './two-factor-code-form';

function EnableDialog({
  setup,
  onClose,
}: {
  setup: TwoFactorSetupResponse | null;
  onClose: () => void;
}) {
  const verify = useVerifyTwoFactor();
  return (
    <Dialog open={setup !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>{t.enableTitle}</DialogTitle>
          <DialogDescription>{t.enableBody}</DialogDescription>
        </DialogHeader>
        {setup ? (
          <div className="grid gap-4">
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
            <TwoFactorCodeForm
              id="two-factor-enable-code"
              submitLabel={t.confirm}
              pending={verify.isPending}
              onSubmit={(code, clear) =>
                verify.mutate(code, {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    playSound('success');
                    onClose();
                  },
                  onError: () => {
                    playSound('error');
                    clear();
                  },
                })
              }
            />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DisableDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const disable = useDisableTwoFactor();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>{t.disableTitle}</DialogTitle>
          <DialogDescription>{t.disableBody}</DialogDescription>
        </DialogHeader>
        <TwoFactorCodeForm
          id="two-factor-disable-code"
          submitLabel={t.disable}
          pending={disable.isPending}
          onSubmit={(code, clear) =>
            disable.mutate(code, {
              onSuccess: (answer) => {
                toast.success(answer.message);
                playSound('success');
                onOpenChange(false);
              },
              onError: () => {
                playSound('error');
                clear();
              },
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** 2FA status, 'Ativar' (QR code + code) and 'Desativar' (needs a current code). */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const generate = useGenerateTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
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
      <CardContent className="flex flex-wrap items-center gap-3">
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
            {t.disable}
          </Button>
        ) : null}
      </CardContent>
      <EnableDialog setup={setup} onClose={() => setSetup(null)} />
      <DisableDialog open={disableOpen} onOpenChange={setDisableOpen} />
    </Card>
  );
}
