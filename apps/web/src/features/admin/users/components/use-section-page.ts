import { useListParams } from '@/components/data-table/use-list-params';

/** Rows per page of each section: the page stays a summary, "próxima página" shows more. */
const PAGE_SIZE = 5;

/** Each section's page lives in the URL (`?ledger.page=2`), so a copied link reopens it. */
export function useSectionPage(prefix: string) {
  const { page, setPage } = useListParams({ prefix: `${prefix}.` });
  return { page, setPage, query: { page, pageSize: PAGE_SIZE } };
}
