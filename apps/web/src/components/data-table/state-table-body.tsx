import type { ReactNode } from 'react';
import { TableBody } from '@/components/ui/table';
import { TableMessageRow } from './table-message-row';

interface StateTableBodyProps<Row> {
  columns: number;
  rows: readonly Row[] | undefined;
  isLoading: boolean;
  /** Where the table itself says the read failed (others show the failure around it). */
  isError?: boolean;
  loadingText: ReactNode;
  errorText?: ReactNode;
  emptyText: ReactNode;
  renderRow: (row: Row) => ReactNode;
}

/** A table body: its rows, or one message row while it loads, when it failed or is empty. */
export function StateTableBody<Row>({
  columns,
  rows,
  isLoading,
  isError = false,
  loadingText,
  errorText,
  emptyText,
  renderRow,
}: StateTableBodyProps<Row>) {
  return (
    <TableBody>
      {isLoading ? (
        <TableMessageRow colSpan={columns}>{loadingText}</TableMessageRow>
      ) : isError ? (
        <TableMessageRow colSpan={columns} tone="error">
          {errorText}
        </TableMessageRow>
      ) : !rows || rows.length === 0 ? (
        <TableMessageRow colSpan={columns}>{emptyText}</TableMessageRow>
      ) : (
        rows.map(renderRow)
      )}
    </TableBody>
  );
}
