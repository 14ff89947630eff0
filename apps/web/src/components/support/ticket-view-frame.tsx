import type { TicketStatus, TicketThreadMessage } from '@chaveiro/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { CloseTicketDialog } from './close-ticket-dialog';
import { TicketBackLink, TicketPlaceholder } from './ticket-frame';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketThread, type ThreadViewer } from './ticket-thread';

interface TicketDetail<Info> {
  ticket: Info;
  messages: TicketThreadMessage[];
}

interface TicketViewFrameTexts {
  close: string;
  closeTitle: string;
  closeDescription: string;
  closeConfirm: string;
  cancel: string;
  closedNotice: string;
}

interface TicketViewFrameProps<Info extends { subject: string; status: TicketStatus }> {
  id: string;
  /** The ticket list the back link returns to. */
  listPath: string;
  viewer: ThreadViewer;
  ticket: UseQueryResult<TicketDetail<Info>>;
  close: UseMutationResult<{ message: string }, Error, string>;
  /** The line under the subject: who opened it and when. */
  description: (info: Info) => ReactNode;
  texts: TicketViewFrameTexts;
  /** Shown under the thread (the customer's "we will answer here"). */
  belowThread?: (info: Info) => ReactNode;
  /** Beside the closed notice (the customer's "Novo ticket"). */
  closedAction?: ReactNode;
  /** The reply box, while the ticket is not closed. */
  replyForm: ReactNode;
}

/**
 * One ticket as both the customer and the staff see it: back link, subject and status, the
 * thread, the reply box or the closed notice, and Fechar with its confirmation. What differs
 * between the two areas comes in as props.
 */
export function TicketViewFrame<Info extends { subject: string; status: TicketStatus }>({
  id,
  listPath,
  viewer,
  ticket,
  close,
  description,
  texts: t,
  belowThread,
  closedAction,
  replyForm,
}: TicketViewFrameProps<Info>) {
  const [confirmClose, setConfirmClose] = useState(false);

  if (ticket.isPending || ticket.isError) {
    return <TicketPlaceholder backTo={listPath} error={ticket.error} />;
  }

  const { ticket: info, messages } = ticket.data;
  const closed = info.status === 'closed';
  const closedNotice = <p className="text-muted-foreground text-sm">{t.closedNotice}</p>;

  return (
    <div className="grid min-w-0 gap-4">
      <TicketBackLink to={listPath} />
      <Card className="min-w-0">
        <CardHeader className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle className="text-lg break-words">{info.subject}</CardTitle>
              <TicketStatusBadge status={info.status} />
            </div>
            <CardDescription>{description(info)}</CardDescription>
          </div>
          {closed ? null : (
            <Button variant="outline" size="sm" onClick={() => setConfirmClose(true)}>
              <Lock aria-hidden />
              {t.close}
            </Button>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          <TicketThread messages={messages} viewer={viewer} />
          {belowThread?.(info)}
          <Separator />
          {!closed ? (
            replyForm
          ) : closedAction ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              {closedNotice}
              {closedAction}
            </div>
          ) : (
            closedNotice
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
