import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ListPagination } from './data-table-pagination';
import { SearchInput } from './search-input';
import type { PagedSearch } from './use-paged-search';

interface Page {
  page: number;
  pageSize: number;
  total: number;
}

interface PagedListCardProps {
  title: ReactNode;
  description: ReactNode;
  /** How the title and the controls sit in the header at each width. */
  headerClassName: string;
  /** The list's search box and page (from `usePagedSearch`). */
  paged: PagedSearch;
  searchLabel: string;
  /** The search box's width at each breakpoint. */
  searchClassName: string;
  /** A filter shown before the search box, and how the two sit together. */
  filter?: { control: ReactNode; className: string };
  /** The list query: its page numbers, and its error while no page has loaded. */
  query: { data: Page | undefined; isError: boolean; error: Error | null };
  /** `12 usuários`, `1 ticket`. */
  noun: (total: number) => string;
  /** The table. */
  children: ReactNode;
}

/** A card with a searchable, paged list: title, filter and search, the table and its pages. */
export function PagedListCard({
  title,
  description,
  headerClassName,
  paged,
  searchLabel,
  searchClassName,
  filter,
  query,
  noun,
  children,
}: PagedListCardProps) {
  const { data } = query;
  const searchBox = (
    <SearchInput
      value={paged.search}
      onValueChange={paged.setSearch}
      label={searchLabel}
      className={searchClassName}
    />
  );
  return (
    <Card className="min-w-0">
      <CardHeader className={headerClassName}>
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {filter ? (
          <div className={filter.className}>
            {filter.control}
            {searchBox}
          </div>
        ) : (
          searchBox
        )}
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        {query.isError && !data ? (
          <LoadErrorAlert error={query.error} />
        ) : (
          <>
            {children}
            <ListPagination data={data} onPageChange={paged.setPage} noun={noun} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
