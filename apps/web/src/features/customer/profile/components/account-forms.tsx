import {
  changePasswordFormSchema,
  profileEmailSchema,
  profileUsernameSchema,
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
import { texts as t } from '../texts';

const usernameFormSchema = z.object({ username: profileUsernameSchema });
const emailFormSchema = z.object({ email: profileEmailSchema });

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

function EmailForm() {
  const mutation = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(emailFormSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) =>
    // TODO(#24 web): the form asks for the current password (and the 2FA code).
    mutation.mutate(
      { ...values, currentPassword: '' },
      {
        ...feedback,
        onSuccess: (answer) => {
          feedback.onSuccess(answer);
          form.reset({ email: '' });
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <InputField
        id="profile-email"
        label={t.email}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <PendingButton type="submit" pending={mutation.isPending} className="justify-self-start">
        {t.save}
      </PendingButton>
    </form>
  );
}

function PasswordForm() {
  const mutation = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate(
      { currentPassword, newPassword },
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
      <PendingButton type="submit" pending={mutation.isPending} className="justify-self-start">
        {t.save}
      </PendingButton>
    </form>
  );
}

/** Username, e-mail and password, each in its own accordion section (spec §2). */
export function AccountForms({ profile }: { profile: Profile }) {
  return (
    <Accordion type="single" collapsible className="w-full">
      <AccordionItem value="username">
        <AccordionTrigger>{t.changeUsername}</AccordionTrigger>
        <AccordionContent className="px-1">
          <UsernameForm key={profile.username} current={profile.username} />
        </AccordionContent>
      </AccordionItem>
      <AccordionItem value="email">
        <AccordionTrigger>{t.changeEmail}</AccordionTrigger>
        <AccordionContent className="px-1">
          <EmailForm />
        </AccordionContent>
      </AccordionItem>
      <AccordionItem value="password">
        <AccordionTrigger>{t.changePassword}</AccordionTrigger>
        <AccordionContent className="px-1">
          <PasswordForm />
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}
