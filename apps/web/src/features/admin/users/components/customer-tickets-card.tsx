import { pluralWord } from '@chaveiro/contract';
import { TicketStatusBadge } from '@/components/support/ticket-status-badge';
import { formatDateTime } from '@/lib/format';
import { useCustomerTickets } from '../api/get-customer-tickets';
import { CustomerSectionCard } from './customer-section-card';
import { useSectionPage } from './use-section-page';

/** The customer page's support tickets, by latest activity. */
export function CustomerTicketsCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('tickets');
  const tickets = useCustomerTickets(userId, query);
  return (
    <CustomerSectionCard
      title="Tickets de suporte"
      description="Os tickets do cliente, pela atividade mais recente. Responda em Suporte."
      query={tickets}
      onPageChange={setPage}
      noun={(total) => pluralWord(total, 'ticket', 'tickets')}
      columns={[
        {
          header: 'Assunto',
          className: 'max-w-72 whitespace-normal',
          cell: (ticket) => (
            <>
              <span className="font-medium">{ticket.subject}</span>
              <span className="text-muted-foreground block truncate text-xs">{ticket.preview}</span>
            </>
          ),
        },
        { header: 'Status', cell: (ticket) => <TicketStatusBadge status={ticket.status} /> },
        {
          header: 'Última atividade',
          className: 'whitespace-nowrap',
          cell: (ticket) => formatDateTime(ticket.updated_at),
        },
        {
          header: 'Aberto em',
          className: 'whitespace-nowrap',
          cell: (ticket) => formatDateTime(ticket.created_at),
        },
      ]}
      loadingText="Carregando tickets..."
      emptyText="Nenhum ticket."
      card={(ticket) => ({
        title: (
          <>
            <span className="min-w-0 font-medium break-words">{ticket.subject}</span>
            <TicketStatusBadge status={ticket.status} />
          </>
        ),
        fields: [
          { label: 'Última atividade', value: formatDateTime(ticket.updated_at) },
          { label: 'Aberto em', value: formatDateTime(ticket.created_at) },
        ],
      })}
    />
  );
}
