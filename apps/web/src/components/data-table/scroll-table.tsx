import type { ReactNode } from 'react';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { TableMessageRow } from './table-message-row';

interface ScrollTableProps<Row> {
  rows: Row[] | undefined;
  isLoading: boolean;
  /** Fades the rows while a new filter, search or page loads (the previous rows stay). */
  isStale: boolean;
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
  rows,
  isLoading,
  isStale,
  head,
  columns,
  loadingText,
  emptyText,
  renderRow,
  tableClassName,
}: ScrollTableProps<Row>) {
  return (
    <div className="max-h-[400px] overflow-y-auto rounded-md border [&_[data-slot=table-container]]:overflow-visible">
      <Table className={cn(tableClassName, 'transition-opacity', isStale && 'opacity-60')}>
        <TableHeader className="bg-background sticky top-0 z-10">
          <TableRow>{head}</TableRow>
        </TableHeader>
        <TableBody>
          {isLoading && !rows ? (
            <TableMessageRow colSpan={columns}>{loadingText}</TableMessageRow>
          ) : rows?.length === 0 ? (
            <TableMessageRow colSpan={columns}>{emptyText}</TableMessageRow>
          ) : (
            rows?.map(renderRow)
          )}
        </TableBody>
      </Table>
    </div>
  );
}
