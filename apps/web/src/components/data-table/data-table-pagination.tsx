import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';

interface DataTablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** e.g. "chaves" in "120 chaves". */
  noun: string;
  /** The last page the list can open, when it pages only so deep (the audit log). */
  maxPage?: number;
}

/** Total, current page and previous/next buttons under a server-paged table. */
export function DataTablePagination({
  page,
  pageSize,
  total,
  onPageChange,
  noun,
  maxPage = Infinity,
}: DataTablePaginationProps) {
  const pages = Math.max(1, Math.min(maxPage, Math.ceil(total / pageSize)));
  // Deleting the last rows of the last page leaves it past the end: show the new last page.
  useEffect(() => {
    if (page > pages) onPageChange(pages);
  }, [page, pages, onPageChange]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 pt-3 text-sm">
      <p className="text-muted-foreground">
        {formatCount(total)} {noun}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground" aria-live="polite">
          Página {formatCount(page)} de {formatCount(pages)}
        </span>
        <Button
          variant="outline"
          size="icon"
          aria-label="Página anterior"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Próxima página"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight />
        </Button>
      </div>
    </div>
  );
}

interface ListPaginationProps {
  /** The loaded page of the list; nothing shows until the first page arrives. */
  data: { page: number; pageSize: number; total: number } | undefined;
  onPageChange: (page: number) => void;
  /** `12 usuários`, `1 chave`. */
  noun: (total: number) => string;
  maxPage?: number;
}

/** The pagination under a paged list, once its first page has loaded. */
export function ListPagination({ data, onPageChange, noun, maxPage }: ListPaginationProps) {
  return data ? (
    <DataTablePagination
      page={data.page}
      pageSize={data.pageSize}
      total={data.total}
      onPageChange={onPageChange}
      noun={noun(data.total)}
      maxPage={maxPage}
    />
  ) : null;
}
