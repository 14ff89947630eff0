import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Orders: one row per purchase, whatever paid it. A balance purchase is completed at
 * once; a PIX checkout waits for its deposit (`deposit_id`) and completes when it is paid. Name,
 * plan, days and price are snapshots of what the customer agreed to. Deposits point back to the
 * order they fund through `deposits.order_id` (added by 2026112701_payments).
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    // No foreign keys: a receipt outlives its product, subscription and deposit rows.
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('duration_type', 'text', (col) => col.notNull())
    .addColumn('days', 'integer', (col) => col.notNull())
    .addColumn('price_cents', 'bigint', (col) => col.notNull().check(sql`price_cents > 0`))
    .addColumn('subscription_id', 'text')
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('deposit_id', 'text', (col) => col.unique())
    .addColumn('paid_from_balance_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  // The customer's "Pedidos", newest first; the latest plan of a product for "Renovar".
  await db.schema
    .createIndex('orders_user_id_created_at_id_idx')
    .on('orders')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_user_id_product_id_created_at_idx')
    .on('orders')
    .columns(['user_id', 'product_id', 'created_at'])
    .execute();
}
