import { Lock, Plus } from 'lucide-react';
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
import { formatDateTime } from '../../shared/lib/format';
import { useCloseTicket } from '../api/close-ticket';
import { useTicket } from '../api/get-ticket';
import { useReplyTicket } from '../api/reply-ticket';
import { texts } from '../texts';

/** The ticket list this view goes back to. */
const LIST_PATH = '/dashboard/support';
const t = texts.thread;

/** One ticket's thread with the reply box and the close action (`?ticket=<id>`). */
export function TicketView({ id, onNewTicket }: { id: string; onNewTicket: () => void }) {
  const ticket = useTicket(id);
  const reply = useReplyTicket();
  const close = useCloseTicket();
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
            <CardDescription>{t.openedAt(formatDateTime(info.created_at))}</CardDescription>
          </div>
          {closed ? null : (
            <Button variant="outline" size="sm" onClick={() => setConfirmClose(true)}>
              <Lock aria-hidden />
              {t.close}
            </Button>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          <TicketThread messages={messages} viewer="customer" />
          {info.status === 'open' ? (
            <p className="text-muted-foreground text-center text-xs">{t.waiting}</p>
          ) : null}
          <Separator />
          {closed ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-muted-foreground text-sm">{t.closedNotice}</p>
              <Button onClick={onNewTicket}>
                <Plus aria-hidden />
                {texts.newTicket}
              </Button>
            </div>
          ) : (
            <TicketReplyForm
              id="ticket-reply"
              pending={reply.isPending}
              onSend={(message) => reply.mutateAsync({ id, message })}
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
            onSuccess: (answer) => {
              toast.success(answer.message);
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
