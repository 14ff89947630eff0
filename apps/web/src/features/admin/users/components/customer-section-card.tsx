import type { ReactNode } from 'react';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { ScrollTable, type ListQuery } from '@/components/data-table/scroll-table';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface Page<Row> {
  items: Row[];
  page: number;
  pageSize: number;
  total: number;
}

interface CustomerSectionCardProps<Row> {
  title: string;
  description: string;
  query: ListQuery<Row> & {
    data: Page<Row> | undefined;
    isError: boolean;
    error: Error | null;
  };
  onPageChange: (page: number) => void;
  noun: (total: number) => string;
  head: ReactNode;
  columns: number;
  loadingText: string;
  emptyText: string;
  renderRow: (row: Row) => ReactNode;
  renderCard: (row: Row) => ReactNode;
}

/** One paged list of the customer page: a compact table, cards on a phone, its pages. */
export function CustomerSectionCard<Row>({
  title,
  description,
  query,
  onPageChange,
  noun,
  ...table
}: CustomerSectionCardProps<Row>) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
        {query.isError && !query.data ? (
          <LoadErrorAlert error={query.error} />
        ) : (
          <>
            <ScrollTable query={query} {...table} />
            <ListPagination data={query.data} onPageChange={onPageChange} noun={noun} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
