import { accountMessages, type ActiveSession } from '@chaveiro/contract';
import { Globe, Laptop, LogOut } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelative } from '@/lib/format';
import { playSound } from '@/lib/sounds';
import { RetryAlert } from '@/components/retry-alert';
import { useEndOtherSessions, useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { texts as t } from '../texts';

/** What is being confirmed: one session, or every other one. */
type Pending = { kind: 'one'; session: ActiveSession } | { kind: 'others' } | null;

function SessionRow({ session, onEnd }: { session: ActiveSession; onEnd: () => void }) {
  return (
    <li
      className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0"
      data-testid="active-session"
    >
      <span className="bg-muted text-muted-foreground flex size-9 shrink-0 items-center justify-center rounded-lg">
        <Laptop className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="max-w-full truncate">{session.device}</span>
          {session.current ? (
            <Badge className="bg-emerald-600 text-white dark:bg-emerald-500/80">
              {accountMessages.thisSession}
            </Badge>
          ) : null}
        </p>
        <p className="text-muted-foreground flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
          <span className="inline-flex items-center gap-1">
            <Globe className="size-3" aria-hidden />
            {accountMessages.sessionIp} {session.ip}
          </span>
          <span>
            {accountMessages.sessionCreated} {formatDateTime(session.createdAt)}
          </span>
          <span title={formatDateTime(session.lastSeenAt)}>
            {accountMessages.sessionLastSeen} {formatRelative(session.lastSeenAt)}
          </span>
        </p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="outline"
          onClick={onEnd}
          aria-label={`${accountMessages.endSession} ${session.device}`}
        >
          {accountMessages.endSession}
        </Button>
      )}
    </li>
  );
}

/**
 * Perfil › Sessões ativas: where the account is signed in; end one other session or
 * all others, each after a confirmation. The current session is ended by "Sair".
 */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [pending, setPending] = useState<Pending>(null);
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  const endsOthers = pending?.kind === 'others';
  const description =
    pending?.kind === 'one'
      ? `${pending.session.device} · ${accountMessages.sessionIp} ${pending.session.ip}. ${accountMessages.endSessionConfirm}`
      : accountMessages.endOthersConfirm;

  const confirm = () => {
    if (pending?.kind === 'one') {
      endOne.mutate(pending.session.id, {
        onSuccess: () => {
          toast.success(accountMessages.sessionEnded);
          playSound('success');
          setPending(null);
        },
        onError: () => playSound('error'),
      });
    } else if (pending?.kind === 'others') {
      endOthers.mutate(undefined, {
        onSuccess: (answer) => {
          toast.success(answer.message);
          playSound('success');
          setPending(null);
        },
        onError: () => playSound('error'),
      });
    }
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">{accountMessages.sessionsTitle}</CardTitle>
        <CardDescription>{accountMessages.sessionsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isError ? (
          <RetryAlert
            message={t.sessionsLoadFailed}
            retryLabel={t.retry}
            onRetry={() => void sessions.refetch()}
          />
        ) : null}
        {sessions.isPending ? <Skeleton className="h-24 rounded-lg" /> : null}
        {sessions.data ? (
          <>
            <ul aria-label={accountMessages.sessionsTitle} className="divide-y">
              {sessions.data.sessions.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  onEnd={() => setPending({ kind: 'one', session })}
                />
              ))}
            </ul>
            {others === 0 ? (
              <p className="text-muted-foreground text-sm">{accountMessages.noOtherSessions}</p>
            ) : (
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => setPending({ kind: 'others' })}
              >
                <LogOut aria-hidden /> {accountMessages.endOthers}
              </Button>
            )}
          </>
        ) : null}
      </CardContent>
      <ConfirmActionDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={endsOthers ? accountMessages.endOthers : accountMessages.endSession}
        description={description}
        confirmLabel={endsOthers ? accountMessages.endOthers : accountMessages.endSession}
        destructive
        pending={endOne.isPending || endOthers.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
