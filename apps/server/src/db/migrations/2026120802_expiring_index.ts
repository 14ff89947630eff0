import type { Kysely } from 'kysely';

/**
 * The expiring list's index carries the subscription's id and owner too: its page (soonest
 * first, ties by id) walks the index in order and reads nothing of the subscription row, and its
 * counts per product stay one range of the same index. It replaces (status, expires_at,
 * product_id), which every reader of running subscriptions by expiry uses as a prefix.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('subscriptions_status_expires_at_id_idx')
    .on('subscriptions')
    .columns(['status', 'expires_at', 'id', 'user_id', 'product_id'])
    .execute();
  await db.schema.dropIndex('subscriptions_status_expires_at_product_id_idx').execute();
}
