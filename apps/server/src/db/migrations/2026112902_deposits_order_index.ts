import type { Kysely } from 'kysely';

/**
 * Deposits are looked up by their order (`order_id = ?`) and the customer's history lists their
 * deposits without one (`order_id is null`, most rows). A full index on `order_id` misled
 * SQLite's sampled statistics into answering that list from it, walking every order-less deposit
 * of every customer (53 ms per page with 120 000 deposits). Indexing only the deposits that have
 * an order serves the lookups, cannot serve `is null`, and is smaller.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deposits_order_id_idx').execute();
  await db.schema
    .createIndex('deposits_order_id_idx')
    .on('deposits')
    .column('order_id')
    .where('order_id', 'is not', null)
    .execute();
}
