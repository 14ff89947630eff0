import { toast } from 'sonner';
import { TicketReplyForm } from '@/components/support/ticket-reply-form';
import { TicketViewFrame } from '@/components/support/ticket-view-frame';
import { formatDateTime } from '@/lib/format';
import { useAnswerTicket } from '../api/answer-ticket';
import { useCloseAdminTicket } from '../api/close-ticket';
import { useAdminTicket } from '../api/get-ticket';
import { supportTexts } from '../texts';

const t = supportTexts.thread;

/** One ticket for staff: the thread with every writer's name, the answer box and Fechar. */
export function TicketView({ id }: { id: string }) {
  const ticket = useAdminTicket(id);
  const answer = useAnswerTicket();
  const close = useCloseAdminTicket();

  return (
    <TicketViewFrame
      id={id}
      listPath="/admin/support"
      viewer="staff"
      ticket={ticket}
      close={close}
      texts={t}
      description={(info) => t.from(info.username, formatDateTime(info.created_at))}
      replyForm={
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
      }
    />
  );
}
