import { format } from 'date-fns';
import { ArrowLeft, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { CloseTicketDialog } from '@/components/support/close-ticket-dialog';
import { TicketReplyForm } from '@/components/support/ticket-reply-form';
import { TicketStatusBadge } from '@/components/support/ticket-status-badge';
import { TicketThread } from '@/components/support/ticket-thread';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useAnswerTicket } from '../api/answer-ticket';
import { useCloseAdminTicket } from '../api/close-ticket';
import { useAdminTicket } from '../api/get-ticket';
import { supportTexts } from '../texts';

const t = supportTexts.thread;

function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="justify-self-start">
      <Link to="/admin/support">
        <ArrowLeft aria-hidden />
        {t.back}
      </Link>
    </Button>
  );
}

/** One ticket for staff: the thread with every writer's name, the answer box and Fechar. */
export function TicketView({ id }: { id: string }) {
  const ticket = useAdminTicket(id);
  const answer = useAnswerTicket();
  const close = useCloseAdminTicket();
  const [confirmClose, setConfirmClose] = useState(false);

  if (ticket.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label={t.loading}>
        <BackLink />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    );
  }
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && ticket.error.status === 404;
    return (
      <div className="grid gap-4">
        <BackLink />
        {missing ? (
          <Alert variant="destructive">
            <AlertDescription>{t.notFound}</AlertDescription>
          </Alert>
        ) : (
          <LoadErrorAlert error={ticket.error} />
        )}
      </div>
    );
  }

  const { ticket: info, messages } = ticket.data;
  const closed = info.status === 'closed';

  return (
    <div className="grid min-w-0 gap-4">
      <BackLink />
      <Card className="min-w-0">
        <CardHeader className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle className="text-lg break-words">{info.subject}</CardTitle>
              <TicketStatusBadge status={info.status} />
            </div>
            <CardDescription>
              {t.from(info.username, format(new Date(info.created_at), 'dd/MM/yyyy HH:mm'))}
            </CardDescription>
          </div>
          {closed ? null : (
            <Button variant="outline" size="sm" onClick={() => setConfirmClose(true)}>
              <Lock aria-hidden />
              {t.close}
            </Button>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          <TicketThread messages={messages} viewer="staff" />
          <Separator />
          {closed ? (
            <p className="text-muted-foreground text-sm">{t.closedNotice}</p>
          ) : (
            <TicketReplyForm
              id="ticket-answer"
              label={t.replyLabel}
              submitLabel={t.replySubmit}
              pending={answer.isPending}
              onSend={(message) =>
                answer.mutateAsync(
                  { id, message },
                  { onSuccess: (response) => toast.success(response.message) },
                )
              }
            />
          )}
        </CardContent>
      </Card>
      <CloseTicketDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        pending={close.isPending}
        onConfirm={() =>
          close.mutate(id, {
            onSuccess: (response) => {
              toast.success(response.message);
              setConfirmClose(false);
            },
          })
        }
        texts={{
          title: t.closeTitle,
          description: t.closeDescription,
          confirm: t.closeConfirm,
          cancel: t.cancel,
        }}
      />
    </div>
  );
}
