import type { ReactNode } from 'react';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { RowCard, ScrollTable, type ListQuery } from '@/components/data-table/scroll-table';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** One column of a section's table: its header and its cell. */
export interface SectionColumn<Row> {
  header: string;
  /** Right-aligned header and cell (amounts). */
  right?: boolean;
  /** The cell's classes. */
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface Page<Row> {
  items: Row[];
  page: number;
  pageSize: number;
  total: number;
}

interface CustomerSectionCardProps<Row extends { id: string }> {
  title: string;
  description: string;
  query: ListQuery<Row> & {
    data: Page<Row> | undefined;
    isError: boolean;
    error: Error | null;
  };
  onPageChange: (page: number) => void;
  noun: (total: number) => string;
  columns: SectionColumn<Row>[];
  loadingText: string;
  emptyText: string;
  /** The row as a phone card: its title line (name and status badge) and its fields. */
  card: (row: Row) => { title: ReactNode; fields: { label: string; value: ReactNode }[] };
}

/** A card of the customer page: its `h2` title, what it shows, and the content. */
export function CustomerCard({
  title,
  description,
  contentClassName,
  children,
}: {
  title: string;
  description?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** One paged list of the customer page: a compact table, cards on a phone, its pages. */
export function CustomerSectionCard<Row extends { id: string }>({
  title,
  description,
  query,
  onPageChange,
  noun,
  columns,
  loadingText,
  emptyText,
  card,
}: CustomerSectionCardProps<Row>) {
  return (
    <CustomerCard
      title={title}
      description={description}
      contentClassName="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2"
    >
      {query.isError && !query.data ? (
        <LoadErrorAlert error={query.error} />
      ) : (
        <>
          <ScrollTable
            query={query}
            columns={columns.length}
            loadingText={loadingText}
            emptyText={emptyText}
            head={columns.map((column) => (
              <TableHead key={column.header} className={column.right ? 'text-right' : undefined}>
                {column.header}
              </TableHead>
            ))}
            renderRow={(row) => (
              <TableRow key={row.id}>
                {columns.map((column) => (
                  <TableCell
                    key={column.header}
                    className={cn(column.right && 'text-right', column.className)}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            )}
            renderCard={(row) => <RowCard key={row.id} {...card(row)} />}
          />
          <ListPagination data={query.data} onPageChange={onPageChange} noun={noun} />
        </>
      )}
    </CustomerCard>
  );
}
