import type { ReactNode } from 'react';
import { Table, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { StateTableBody } from './state-table-body';

/** The part of a paged list query its table reads. */
export interface ListQuery<Row> {
  data: { items: Row[] } | undefined;
  isPending: boolean;
  /** True while a new filter, search or page loads: the previous rows stay, faded. */
  isPlaceholderData: boolean;
}

interface ScrollTableProps<Row> {
  query: ListQuery<Row>;
  /** The header cells. */
  head: ReactNode;
  columns: number;
  loadingText: string;
  emptyText: string;
  renderRow: (row: Row) => ReactNode;
  tableClassName?: string;
}

/**
 * A table in a 400 px scroll area with a sticky header (spec §9), one message row while it
 * loads or when it is empty.
 */
export function ScrollTable<Row>({
  query,
  head,
  columns,
  loadingText,
  emptyText,
  renderRow,
  tableClassName,
}: ScrollTableProps<Row>) {
  const rows = query.data?.items;
  return (
    <div className="max-h-[400px] overflow-y-auto rounded-md border [&_[data-slot=table-container]]:overflow-visible">
      <Table
        className={cn(
          tableClassName,
          'transition-opacity',
          query.isPlaceholderData && 'opacity-60',
        )}
      >
        <TableHeader className="bg-background sticky top-0 z-10">
          <TableRow>{head}</TableRow>
        </TableHeader>
        <StateTableBody
          columns={columns}
          rows={rows}
          isLoading={query.isPending && !rows}
          loadingText={loadingText}
          emptyText={emptyText}
          renderRow={renderRow}
        />
      </Table>
    </div>
  );
}
