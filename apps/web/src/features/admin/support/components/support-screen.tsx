import { LIMITS, type TicketStatus } from '@chaveiro/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedListCard } from '@/components/data-table/paged-list-card';
import { SearchInput } from '@/components/data-table/search-input';
import { usePagedSearch } from '@/components/data-table/use-paged-search';
import { TicketStatusSelect } from '@/components/support/ticket-status-select';
import { useAdminTickets } from '../api/get-tickets';
import { supportTexts } from '../texts';
import { TicketView } from './ticket-view';
import { TicketsTable } from './tickets-table';

const PAGE_SIZE = LIMITS.pageSizeDefault;
const text = supportTexts;

/** `/admin/support`: the ticket queue, or one thread when `?ticket=<id>` is set. */
export function AdminSupportScreen() {
  const [params] = useSearchParams();
  const ticketId = params.get('ticket');

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{text.title}</h1>
        <p className="text-muted-foreground text-sm">{text.subtitle}</p>
      </div>
      {ticketId ? <TicketView key={ticketId} id={ticketId} /> : <TicketsCard />}
    </div>
  );
}

/** Opens on the queue of tickets waiting for staff (Abertos). */
function TicketsCard() {
  const [status, setStatus] = useState<TicketStatus | ''>('open');
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const tickets = useAdminTickets({
    status: status || undefined,
    q: q || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const data = tickets.data;

  return (
    <PagedListCard
      title={text.list.title}
      description={text.list.description}
      headerClassName="gap-3 lg:grid-cols-[1fr_auto]"
      controls={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <TicketStatusSelect
            id="admin-tickets-status"
            value={status}
            onValueChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
          <SearchInput
            value={search}
            onValueChange={setSearch}
            label={text.list.search}
            className="sm:w-72 sm:max-w-none"
          />
        </div>
      }
      query={tickets}
      onPageChange={setPage}
      noun={text.list.noun}
    >
      <TicketsTable
        rows={data?.items}
        isLoading={tickets.isPending}
        isStale={tickets.isPlaceholderData}
        isFiltered={Boolean(q) || status !== ''}
      />
    </PagedListCard>
  );
}
