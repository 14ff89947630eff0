import { Plus } from 'lucide-react';
import { TicketReplyForm } from '@/components/support/ticket-reply-form';
import { TicketViewFrame } from '@/components/support/ticket-view-frame';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useCloseTicket } from '../api/close-ticket';
import { useTicket } from '../api/get-ticket';
import { useReplyTicket } from '../api/reply-ticket';
import { texts } from '../texts';

const t = texts.thread;

/** One ticket's thread with the reply box and the close action (`?ticket=<id>`). */
export function TicketView({ id, onNewTicket }: { id: string; onNewTicket: () => void }) {
  const ticket = useTicket(id);
  const reply = useReplyTicket();
  const close = useCloseTicket();

  return (
    <TicketViewFrame
      id={id}
      listPath="/dashboard/support"
      viewer="customer"
      ticket={ticket}
      close={close}
      texts={t}
      description={(info) => t.openedAt(formatDateTime(info.created_at))}
      belowThread={(info) =>
        info.status === 'open' ? (
          <p className="text-muted-foreground text-center text-xs">{t.waiting}</p>
        ) : null
      }
      closedAction={
        <Button onClick={onNewTicket}>
          <Plus aria-hidden />
          {texts.newTicket}
        </Button>
      }
      replyForm={
        <TicketReplyForm
          id="ticket-reply"
          pending={reply.isPending}
          onSend={(message) => reply.mutateAsync({ id, message })}
        />
      }
    />
  );
}
