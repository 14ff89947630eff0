import type { Kysely } from 'kysely';

/**
 * What the notifications module keeps to tell customers about product status changes.
 *
 * - `notification_preferences`: a customer's choice of optional e-mails, one row per account that
 *   changed one (no row: every optional e-mail on). `product_status_mail` 1/0.
 * - `product_status_mails`: per product, the status last mailed to its subscribers and the
 *   change waiting for its quiet period (`pending_since`, `changed_at`), the send under way
 *   (`sending_*` pinned when it began, `cursor` the last subscription mailed) and who runs it
 *   (`claim_token` until `claimed_until`).
 * - an index on subscriptions (product_id, id): a product's subscribers read in id order, one
 *   batch after another, each from where the last stopped.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('product_status_mail', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('product_status_mails')
    .addColumn('product_id', 'text', (col) =>
      col.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('mailed_status', 'text')
    .addColumn('pending_since', 'bigint')
    .addColumn('changed_at', 'bigint', (col) => col.notNull())
    .addColumn('sending_status', 'text')
    .addColumn('sending_note', 'text')
    .addColumn('sending_frozen', 'integer')
    .addColumn('sending_since', 'bigint')
    .addColumn('cursor', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('claimed_until', 'bigint')
    .execute();

  await db.schema
    .createIndex('subscriptions_product_id_id_idx')
    .on('subscriptions')
    .columns(['product_id', 'id'])
    .execute();
}
