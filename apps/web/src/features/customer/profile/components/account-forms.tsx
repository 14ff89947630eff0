import {
  changePasswordFormSchema,
  profileEmailSchema,
  profileUsernameSchema,
  reauthFields,
  type Profile,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { InputField, PasswordField, UsernameField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { playSound } from '@/lib/sounds';
import { useChangePassword } from '../api/change-password';
import { useUpdateProfile } from '../api/update-profile';
import { secondFactorFormField, secondFactorOf } from '../reauth';
import { texts as t } from '../texts';
import { SecondFactorField } from './second-factor-field';

const usernameFormSchema = z.object({ username: profileUsernameSchema });

/** A new e-mail needs the current password, and the 2FA code when 2FA is on. */
function emailFormSchema(twoFactorEnabled: boolean) {
  return z.object({
    email: profileEmailSchema,
    currentPassword: reauthFields.currentPassword,
    totp: secondFactorFormField(twoFactorEnabled),
  });
}

function passwordFormSchema(twoFactorEnabled: boolean) {
  return changePasswordFormSchema.safeExtend({ totp: secondFactorFormField(twoFactorEnabled) });
}

/** Success toast with the server's message and the success sound; failures sound too. */
const feedback = {
  onSuccess: (answer: { message: string }) => {
    toast.success(answer.message);
    playSound('success');
  },
  onError: () => playSound('error'),
};

function UsernameForm({ current }: { current: string }) {
  const mutation = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(usernameFormSchema),
    defaultValues: { username: current },
  });
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      ...feedback,
      onSuccess: (answer) => {
        feedback.onSuccess(answer);
        form.reset(values);
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <UsernameField
        id="profile-username"
        label={t.username}
        error={form.formState.errors.username?.message}
        {...form.register('username')}
      />
      <PendingButton type="submit" pending={mutation.isPending} className="justify-self-start">
        {t.save}
      </PendingButton>
    </form>
  );
}

function EmailForm({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const mutation = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(emailFormSchema(twoFactorEnabled)),
    defaultValues: { email: '', currentPassword: '', totp: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email, currentPassword, totp }) =>
    mutation.mutate(
      { email, currentPassword, totp: secondFactorOf(twoFactorEnabled, totp) },
      {
        ...feedback,
        onSuccess: (answer) => {
          feedback.onSuccess(answer);
          form.reset();
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <InputField
        id="profile-email"
        label={t.email}
        error={errors.email?.message}
        {...form.register('email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <PasswordField
        id="profile-email-current-password"
        label={t.currentPassword}
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
        autoComplete="current-password"
      />
      {twoFactorEnabled ? (
        <SecondFactorField
          id="profile-email-totp"
          error={errors.totp?.message}
          {...form.register('totp')}
        />
      ) : null}
      <PendingButton type="submit" pending={mutation.isPending} className="justify-self-start">
        {t.save}
      </PendingButton>
    </form>
  );
}

function PasswordForm({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const mutation = useChangePassword();
  const form = useForm({
    resolver: zodResolver(passwordFormSchema(twoFactorEnabled)),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '', totp: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword, totp }) =>
    mutation.mutate(
      { currentPassword, newPassword, totp: secondFactorOf(twoFactorEnabled, totp) },
      {
        ...feedback,
        onSuccess: (answer) => {
          feedback.onSuccess(answer);
          form.reset();
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <PasswordField
        id="profile-current-password"
        label={t.currentPassword}
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
        autoComplete="current-password"
      />
      <PasswordField
        id="profile-new-password"
        label={t.newPassword}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
        autoComplete="new-password"
      />
      <PasswordField
        id="profile-confirm-new-password"
        label={t.confirmNewPassword}
        error={errors.confirmNewPassword?.message}
        {...form.register('confirmNewPassword')}
        autoComplete="new-password"
      />
      {twoFactorEnabled ? (
        <SecondFactorField
          id="profile-password-totp"
          error={errors.totp?.message}
          {...form.register('totp')}
        />
      ) : null}
      <PendingButton type="submit" pending={mutation.isPending} className="justify-self-start">
        {t.save}
      </PendingButton>
    </form>
  );
}

/**
 * Username, e-mail and password, each in its own accordion section (spec §2). The e-mail and the
 * password ask the current password, and the 2FA code when 2FA is on; switching 2FA
 * remounts them so their schema follows.
 */
export function AccountForms({ profile }: { profile: Profile }) {
  const twoFactorEnabled = profile.is_two_factor_enabled;
  // An account without an address (made by a KeyAuth loader) arrives here to add one: open.
  const withoutEmail = profile.email === null;
  return (
    <Accordion
      type="single"
      collapsible
      defaultValue={withoutEmail ? 'email' : undefined}
      className="w-full"
    >
      <AccordionItem value="username">
        <AccordionTrigger>{t.changeUsername}</AccordionTrigger>
        <AccordionContent className="px-1">
          <UsernameForm key={profile.username} current={profile.username} />
        </AccordionContent>
      </AccordionItem>
      <AccordionItem value="email">
        <AccordionTrigger>{withoutEmail ? t.addEmail : t.changeEmail}</AccordionTrigger>
        <AccordionContent className="px-1">
          <EmailForm key={String(twoFactorEnabled)} twoFactorEnabled={twoFactorEnabled} />
        </AccordionContent>
      </AccordionItem>
      <AccordionItem value="password">
        <AccordionTrigger>{t.changePassword}</AccordionTrigger>
        <AccordionContent className="px-1">
          <PasswordForm key={String(twoFactorEnabled)} twoFactorEnabled={twoFactorEnabled} />
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}
