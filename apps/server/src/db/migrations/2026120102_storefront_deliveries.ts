import type { Kysely } from 'kysely';

/**
 * Storefront deliveries: one row per paid order a seller's storefront asked keys
 * for, unique per (owner, order id), so a retried or concurrent delivery answers the keys of the
 * first; the keys it issued are listed beside it by value, in order. Also the (created_at, id)
 * index the seller API's newest-first keyset over all keys walks.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('storefront_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'text', (col) => col.notNull())
    // No foreign key: the record of what was delivered outlives the product.
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('plan', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('customer_email', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('storefront_deliveries_owner_order_unique', ['owner_id', 'order_id'])
    .execute();
  await db.schema
    .createTable('storefront_delivery_keys')
    .addColumn('delivery_id', 'text', (col) =>
      col.notNull().references('storefront_deliveries.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    // The value, not the key's id: a replay answers the same keys even after one is deleted.
    .addColumn('key', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('storefront_delivery_keys_pk', ['delivery_id', 'position'])
    .execute();
  await db.schema
    .createIndex('license_keys_created_at_id_idx')
    .on('license_keys')
    .columns(['created_at', 'id'])
    .execute();
}
