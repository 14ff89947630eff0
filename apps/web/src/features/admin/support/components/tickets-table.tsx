import type { AdminTicket } from '@chaveiro/contract';
import { Link } from 'react-router';
import { ScrollTable, type ListQuery } from '@/components/data-table/scroll-table';
import { TicketStatusBadge } from '@/components/support/ticket-status-badge';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { supportTexts } from '../texts';
import { formatRelative } from '@/lib/format';

const text = supportTexts.list;
const COLUMNS = 4;

interface TicketsTableProps {
  query: ListQuery<AdminTicket>;
  isFiltered: boolean;
}

/** Assunto (with the latest message), Usuário, Status, Atualizado; scrolls at 400 px. */
export function TicketsTable({ query, isFiltered }: TicketsTableProps) {
  return (
    <ScrollTable
      query={query}
      columns={COLUMNS}
      loadingText={text.loading}
      emptyText={isFiltered ? text.noMatch : text.empty}
      tableClassName="table-fixed"
      head={
        <>
          <TableHead>{text.columns.subject}</TableHead>
          <TableHead className="hidden w-40 md:table-cell">{text.columns.user}</TableHead>
          <TableHead className="hidden w-32 sm:table-cell">{text.columns.status}</TableHead>
          <TableHead className="hidden w-40 lg:table-cell">{text.columns.updated}</TableHead>
        </>
      }
      renderRow={(row) => (
        <TableRow key={row.id}>
          <TableCell className="whitespace-normal">
            <Link
              to={`?ticket=${encodeURIComponent(row.id)}`}
              className="block truncate font-medium underline-offset-4 hover:underline"
            >
              {row.subject}
            </Link>
            <p className="text-muted-foreground truncate text-xs">{row.preview}</p>
            {/* On small screens the other columns fold into this cell. */}
            <div className="text-muted-foreground mt-1.5 flex flex-wrap items-center gap-2 text-xs md:hidden">
              <span className="sm:hidden">
                <TicketStatusBadge status={row.status} />
              </span>
              <span className="font-medium">{row.username}</span>
              <span className="lg:hidden">{formatRelative(row.updated_at)}</span>
            </div>
          </TableCell>
          <TableCell className="hidden truncate md:table-cell">{row.username}</TableCell>
          <TableCell className="hidden sm:table-cell">
            <TicketStatusBadge status={row.status} />
          </TableCell>
          <TableCell className="text-muted-foreground hidden text-sm lg:table-cell">
            {formatRelative(row.updated_at)}
          </TableCell>
        </TableRow>
      )}
    />
  );
}
