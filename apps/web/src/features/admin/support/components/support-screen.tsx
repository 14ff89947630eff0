import { LIMITS, type TicketStatus } from '@chaveiro/contract';
import { useSearchParams } from 'react-router';
import { PagedListCard } from '@/components/data-table/paged-list-card';
import { usePagedSearch } from '@/components/data-table/use-paged-search';
import { TicketStatusSelect } from '@/components/support/ticket-status-select';
import { useAdminTickets } from '../api/get-tickets';
import { supportTexts } from '../texts';
import { TicketView } from './ticket-view';
import { TicketsTable } from './tickets-table';
import { PageHeader } from '@/components/layout/page-header';

const PAGE_SIZE = LIMITS.pageSizeDefault;
const text = supportTexts;

/** `/admin/support`: the ticket queue, or one thread when `?ticket=<id>` is set. */
export function AdminSupportScreen() {
  const [params] = useSearchParams();
  const ticketId = params.get('ticket');

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={text.title} subtitle={text.subtitle} />
      {ticketId ? <TicketView key={ticketId} id={ticketId} /> : <TicketsCard />}
    </div>
  );
}

/** Opens on the queue of tickets waiting for staff (Abertos). */
function TicketsCard() {
  const paged = usePagedSearch<TicketStatus | ''>('open');
  const { q, page, filter: status } = paged;
  const tickets = useAdminTickets({
    status: status || undefined,
    q: q || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  return (
    <PagedListCard
      title={text.list.title}
      description={text.list.description}
      headerClassName="gap-3 lg:grid-cols-[1fr_auto]"
      paged={paged}
      searchLabel={text.list.search}
      searchClassName="sm:w-72 sm:max-w-none"
      filter={{
        control: (
          <TicketStatusSelect
            id="admin-tickets-status"
            value={status}
            onValueChange={paged.setFilter}
          />
        ),
        className: 'flex flex-col gap-3 sm:flex-row sm:items-center',
      }}
      query={tickets}
      noun={text.list.noun}
    >
      <TicketsTable query={tickets} isFiltered={Boolean(q) || status !== ''} />
    </PagedListCard>
  );
}
