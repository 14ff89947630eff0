import type { ReactNode } from 'react';
import { Table, TableHeader, TableRow } from '@/components/ui/table';
import { useIsPhone } from '@/hooks/use-media-query';
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
  /**
   * One row as a card (a keyed `RowCard`), shown instead of the table below 640 px so status and
   * actions stay visible on a phone without scrolling sideways.
   */
  renderCard?: (row: Row) => ReactNode;
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
  renderCard,
  tableClassName,
}: ScrollTableProps<Row>) {
  const rows = query.data?.items;
  const isPhone = useIsPhone();
  if (renderCard && isPhone) {
    return (
      <CardList
        rows={rows}
        isLoading={query.isPending && !rows}
        isStale={query.isPlaceholderData}
        loadingText={loadingText}
        emptyText={emptyText}
        renderCard={renderCard}
      />
    );
  }
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

interface CardListProps<Row> {
  rows: readonly Row[] | undefined;
  isLoading: boolean;
  isStale: boolean;
  loadingText: ReactNode;
  emptyText: ReactNode;
  renderCard: (row: Row) => ReactNode;
}

/** A table's rows as a list of cards (phones), or its loading or empty message. */
export function CardList<Row>({
  rows,
  isLoading,
  isStale,
  loadingText,
  emptyText,
  renderCard,
}: CardListProps<Row>) {
  if (isLoading || !rows || rows.length === 0) {
    return (
      <p className="text-muted-foreground rounded-md border px-3 py-8 text-center text-sm">
        {isLoading ? loadingText : emptyText}
      </p>
    );
  }
  return (
    <ul className={cn('grid gap-2 transition-opacity', isStale && 'opacity-60')}>
      {rows.map(renderCard)}
    </ul>
  );
}

interface RowCardProps {
  /** The card's title line, e.g. the username with its status badge. */
  title: ReactNode;
  /** Label/value pairs under the title. */
  fields?: { label: string; value: ReactNode }[];
  /** The row's actions, always visible. */
  actions?: ReactNode;
  className?: string;
}

/** One row of a phone list: a title, its fields as a definition list, and the row's actions. */
export function RowCard({ title, fields = [], actions, className }: RowCardProps) {
  return (
    <li className={cn('bg-card grid min-w-0 gap-2 rounded-md border p-3 text-sm', className)}>
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">{title}</div>
      {fields.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          {fields.map((field) => (
            <div key={field.label} className="contents">
              <dt className="text-muted-foreground">{field.label}</dt>
              <dd className="min-w-0 break-words">{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </li>
  );
}
