/** What a paged list endpoint is asked for: a 1-based page of `pageSize` rows. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/**
 * One page of a list answer: reads the rows of `query.page` through `read` (limit, offset) and
 * maps each to what the endpoint answers, with the total and the page asked for.
 */
export async function pageOf<Row, Item>(
  query: PageQuery,
  read: (limit: number, offset: number) => Promise<{ rows: Row[]; total: number }>,
  toItem: (row: Row) => Item,
): Promise<{ items: Item[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await read(query.pageSize, (query.page - 1) * query.pageSize);
  return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
}
