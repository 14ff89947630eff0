import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { texts } from '../texts';
import { NewTicketDialog } from './new-ticket-dialog';
import { TicketView } from './ticket-view';
import { TicketsList } from './tickets-list';
import { PageHeader } from '@/components/layout/page-header';

/**
 * /dashboard/support: the customer's tickets, or one thread when `?ticket=<id>` is set (the link
 * of a "ticket answered" notification).
 */
export function SupportScreen() {
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const ticketId = params.get('ticket');
  const startNew = () => setCreating(true);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={texts.title} subtitle={texts.subtitle} />
        <Button onClick={startNew}>
          <Plus aria-hidden />
          {texts.newTicket}
        </Button>
      </div>
      {ticketId ? (
        <TicketView key={ticketId} id={ticketId} onNewTicket={startNew} />
      ) : (
        <TicketsList onNewTicket={startNew} />
      )}
      <NewTicketDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(id) => {
          setCreating(false);
          setParams({ ticket: id });
        }}
      />
    </div>
  );
}
