import { LIMITS, type TicketStatus } from '@chaveiro/contract';
import { ChevronRight, LifeBuoy, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { TicketStatusBadge } from '@/components/support/ticket-status-badge';
import { TicketStatusSelect } from '@/components/support/ticket-status-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatRelative } from '@/lib/format';
import { useTickets } from '../api/get-tickets';
import { texts } from '../texts';

const t = texts.list;
const PAGE_SIZE = LIMITS.pageSizeDefault;

function EmptyTickets({ onNewTicket }: { onNewTicket: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center">
      <span className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
        <LifeBuoy className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{t.emptyTitle}</h2>
      <p className="text-muted-foreground max-w-sm text-sm">{t.emptyBody}</p>
      <Button onClick={onNewTicket}>
        <Plus aria-hidden />
        {texts.newTicket}
      </Button>
    </div>
  );
}

/** The customer's tickets, newest activity first, each opening its thread. */
export function TicketsList({ onNewTicket }: { onNewTicket: () => void }) {
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [page, setPage] = useState(1);
  const tickets = useTickets({ status: status || undefined, page, pageSize: PAGE_SIZE });
  const data = tickets.data;

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>{t.title}</CardTitle>
        <TicketStatusSelect
          id="tickets-status"
          value={status}
          onValueChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </CardHeader>
      <CardContent className="grid min-w-0 gap-2">
        {tickets.isError && !data ? <LoadErrorAlert error={tickets.error} /> : null}
        {tickets.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label={t.loading}>
            <Skeleton className="h-16 rounded-lg" />
            <Skeleton className="h-16 rounded-lg" />
          </div>
        ) : null}
        {data && data.items.length === 0 ? (
          status ? (
            <p className="text-muted-foreground py-6 text-center text-sm">{t.emptyFiltered}</p>
          ) : (
            <EmptyTickets onNewTicket={onNewTicket} />
          )
        ) : null}
        {data && data.items.length > 0 ? (
          <>
            <ul className={cn('grid gap-2', tickets.isPlaceholderData && 'opacity-60')}>
              {data.items.map((ticket) => (
                <li key={ticket.id}>
                  <Link
                    to={`?ticket=${encodeURIComponent(ticket.id)}`}
                    className="hover:bg-accent/60 focus-visible:ring-ring/50 flex items-center gap-3 rounded-lg border p-3 transition-colors outline-none focus-visible:ring-[3px]"
                  >
                    <div className="grid min-w-0 flex-1 gap-1">
                      <div className="flex min-w-0 flex-wrap items-center gap-2">
                        <span className="truncate font-medium">{ticket.subject}</span>
                        <TicketStatusBadge status={ticket.status} />
                      </div>
                      <p className="text-muted-foreground truncate text-sm">{ticket.preview}</p>
                      <p className="text-muted-foreground text-xs">
                        {t.updated(formatRelative(ticket.updated_at))}
                      </p>
                    </div>
                    <ChevronRight className="text-muted-foreground size-4 shrink-0" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
            <ListPagination data={data} onPageChange={setPage} noun={t.noun} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
