import { labels } from '@chaveiro/contract';
import type { Reseller } from '@chaveiro/contract';
import { RowCard, ScrollTable, type ListQuery } from '@/components/data-table/scroll-table';
import { SortableHead } from '@/components/data-table/sortable-head';
import { UserLink } from '@/components/user-link';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { resellersTexts } from '../texts';
import { formatBRL } from '@/lib/format';
import { ResellerRowActions } from './reseller-row-actions';
import { ResellerStatusBadge } from './reseller-status-badge';

const text = resellersTexts.list;
const COLUMNS = 4;

interface ResellersTableProps {
  query: ListQuery<Reseller>;
  /** Picks the empty text: nothing registered yet, or nothing matching the search. */
  isSearching: boolean;
  /** The sort in force (`balance:desc`, …) and its setter: the balance header sorts. */
  sort?: { value: string; onChange: (sort: string) => void };
}

/** Revendedor (username and e-mail), Saldo, Status, Ações; scrolls at 400 px (spec §9). */
export function ResellersTable({ query, isSearching, sort }: ResellersTableProps) {
  return (
    <ScrollTable
      query={query}
      columns={COLUMNS}
      loadingText={text.loading}
      emptyText={isSearching ? text.noMatch : text.empty}
      head={
        <>
          <TableHead>{text.columns.reseller}</TableHead>
          {sort ? (
            <SortableHead
              label={text.columns.balance}
              field="balance"
              firstDir="desc"
              sort={sort.value}
              onSort={sort.onChange}
              className="hidden text-right sm:table-cell"
            />
          ) : (
            <TableHead className="hidden text-right sm:table-cell">
              {text.columns.balance}
            </TableHead>
          )}
          <TableHead className="hidden sm:table-cell">{text.columns.status}</TableHead>
          <TableHead className="w-12 text-right">
            <span className="sr-only">{text.columns.actions}</span>
          </TableHead>
        </>
      }
      renderCard={(row) => (
        <RowCard
          key={row.id}
          title={
            <>
              <UserLink id={row.id} username={row.username} className="truncate" />
              <ResellerStatusBadge status={row.status} />
            </>
          }
          fields={[
            { label: text.columns.balance, value: formatBRL(row.balance) },
            { label: 'E-mail', value: row.email ?? labels.noEmail },
          ]}
          actions={<ResellerRowActions row={row} />}
        />
      )}
      renderRow={(row) => (
        <TableRow key={row.id}>
          <TableCell className="max-w-[12rem] sm:max-w-[20rem]">
            <UserLink id={row.id} username={row.username} className="block truncate" />
            <p className="text-muted-foreground truncate text-xs">{row.email ?? labels.noEmail}</p>
            {/* On a phone the balance and status columns fold into this cell. */}
            <div className="mt-1.5 flex flex-wrap items-center gap-2 sm:hidden">
              <span className="font-medium tabular-nums">{formatBRL(row.balance)}</span>
              <ResellerStatusBadge status={row.status} />
            </div>
          </TableCell>
          <TableCell className="hidden text-right font-medium tabular-nums sm:table-cell">
            {formatBRL(row.balance)}
          </TableCell>
          <TableCell className="hidden sm:table-cell">
            <ResellerStatusBadge status={row.status} />
          </TableCell>
          <TableCell className="text-right">
            <ResellerRowActions row={row} />
          </TableCell>
        </TableRow>
      )}
    />
  );
}
