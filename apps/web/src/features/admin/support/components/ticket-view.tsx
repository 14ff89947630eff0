import { format } from 'date-fns';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CloseTicketDialog } from '@/components/support/close-ticket-dialog';
import { TicketBackLink, TicketPlaceholder } from '@/components/support/ticket-frame';
import { TicketReplyForm } from '@/components/support/ticket-reply-form';
import { TicketStatusBadge } from '@/components/support/ticket-status-badge';
import { TicketThread } from '@/components/support/ticket-thread';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { useAnswerTicket } from '../api/answer-ticket';
import { useCloseAdminTicket } from '../api/close-ticket';
import { useAdminTicket } from '../api/get-ticket';
import { supportTexts } from '../texts';

/** The ticket list this view goes back to. */
const LIST_PATH = '/admin/support';
const t = supportTexts.thread;

/** One ticket for staff: the thread with every writer's name, the answer box and Fechar. */
export function TicketView({ id }: { id: string }) {
  const ticket = useAdminTicket(id);
  const answer = useAnswerTicket();
  const close = useCloseAdminTicket();
  const [confirmClose, setConfirmClose] = useState(false);

  if (ticket.isPending || ticket.isError) {
    return <TicketPlaceholder backTo={LIST_PATH} error={ticket.error} />;
  }

  const { ticket: info, messages } = ticket.data;
  const closed = info.status === 'closed';

  return (
    <div className="grid min-w-0 gap-4">
      <TicketBackLink to={LIST_PATH} />
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
