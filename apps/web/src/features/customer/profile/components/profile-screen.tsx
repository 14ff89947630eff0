import { messages, labels } from '@chaveiro/contract';
import { MailWarning } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/hooks/use-profile';
import { UserAvatar } from '@/components/layout/user-avatar';
import { texts as t } from '../texts';
import { AccountForms } from './account-forms';
import { AvatarSheet } from './avatar-sheet';
import { EmailPreferencesCard } from './email-preferences-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';
import { PageHeader } from '@/components/layout/page-header';
import { RetryAlert } from '@/components/retry-alert';

/** /dashboard/profile (spec §2). */
export function ProfileScreen() {
  const profile = useProfile();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />

      {profile.isError ? (
        <RetryAlert
          message={messages.errors.profileLoadFailed}
          retryLabel={t.retry}
          onRetry={() => void profile.refetch()}
        />
      ) : null}

      {profile.isPending ? <Skeleton className="h-40 rounded-xl" /> : null}

      {profile.data ? (
        <>
          <Card>
            <CardContent className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
              <UserAvatar
                username={profile.data.username}
                src={profile.data.avatar_url}
                className="size-20 text-2xl"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-lg font-semibold">{profile.data.username}</p>
                <p className="text-muted-foreground truncate text-sm">
                  {profile.data.email ?? labels.noEmail}
                </p>
              </div>
              <AvatarSheet profile={profile.data} />
            </CardContent>
          </Card>

          {profile.data.pending_email ? (
            <Alert>
              <MailWarning aria-hidden />
              <AlertDescription>{t.pendingEmail(profile.data.pending_email)}</AlertDescription>
            </Alert>
          ) : null}

          <div className="grid items-start gap-6 md:grid-cols-2">
            <Card className="gap-2">
              <CardHeader>
                <CardTitle className="text-base">{t.account}</CardTitle>
              </CardHeader>
              <CardContent>
                <AccountForms profile={profile.data} />
              </CardContent>
            </Card>
            <TwoFactorCard profile={profile.data} />
          </div>

          <SessionsCard />
          <EmailPreferencesCard />
        </>
      ) : null}
    </div>
  );
}
