import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTablePagination } from './data-table-pagination';

interface Page {
  page: number;
  pageSize: number;
  total: number;
}

interface PagedListCardProps {
  title: ReactNode;
  description: ReactNode;
  /** The search box and any filters, beside or under the title. */
  controls: ReactNode;
  /** How the title and the controls sit in the header at each width. */
  headerClassName: string;
  /** The list query: its page numbers, and its error while no page has loaded. */
  query: { data: Page | undefined; isError: boolean; error: Error | null };
  onPageChange: (page: number) => void;
  /** `12 usuários`, `1 ticket`. */
  noun: (total: number) => string;
  /** The table. */
  children: ReactNode;
}

/** A card with a searchable, paged list: title, controls, the table and its pagination. */
export function PagedListCard({
  title,
  description,
  controls,
  headerClassName,
  query,
  onPageChange,
  noun,
  children,
}: PagedListCardProps) {
  const { data } = query;
  return (
    <Card className="min-w-0">
      <CardHeader className={headerClassName}>
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {controls}
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        {query.isError && !data ? (
          <LoadErrorAlert error={query.error} />
        ) : (
          <>
            {children}
            {data ? (
              <DataTablePagination
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPageChange={onPageChange}
                noun={noun(data.total)}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
