import type { SelectQueryBuilder } from 'kysely';

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

/**
 * One page of rows and the total they page, read side by side: `matching` is the filtered
 * query (nothing selected yet), `select` picks and orders its rows (a stable order: the sort
 * key, then the id).
 */
export async function readPage<DB, TB extends keyof DB, Row>(
  matching: SelectQueryBuilder<DB, TB, object>,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  limit: number,
  offset: number,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    select(matching).limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  // The count's row type is opaque over generic tables; PostgreSQL answers it as a string.
  return { rows, total: Number((count as { total: number | string }).total) };
}
