import { accountMessages, twoFactorDisableBodySchema } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { texts as t } from '../texts';
import { SecondFactorField } from './second-factor-field';
import { twoFactorFeedback } from './two-factor-feedback';

/** "Desativar": the password and a current code (authenticator or recovery). */
export function DisableTwoFactorDialog({
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
        twoFactorFeedback.onSuccess(answer);
        openChange(false);
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
