import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A product's operational status, apart from its sale status: whether it works now.
 *
 * - `products`: `operational_status` (`operational` | `updating` | `unavailable`), the seller's
 *   public `status_note`, `freeze_time` (its customers' time stands still while it is not
 *   operational; on by default), `sell_while_down` (it can still be bought meanwhile; off by
 *   default) and `status_since`.
 * - `subscriptions`: `paused_by = 'product'` is a clock stopped by its product's outage;
 *   `product_frozen_since` is when that hold began (the time it gives back is counted from
 *   there), `given_back_ms`/`given_back_at` what the product's latest freeze gave back.
 * - `product_status_periods`: each product's timeline of statuses (the current one open), with
 *   who changed it and why, the subscriptions it froze and the time it gave back. Every
 *   existing product starts one operational period at its creation.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('operational_status', 'text', (col) => col.notNull().defaultTo('operational'))
    .execute();
  await db.schema.alterTable('products').addColumn('status_note', 'text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('freeze_time', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('sell_while_down', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('status_since', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update products set status_since = created_at`.execute(db);

  await db.schema.alterTable('subscriptions').addColumn('product_frozen_since', 'bigint').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('given_back_ms', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('given_back_at', 'bigint').execute();

  await db.schema
    .createTable('product_status_periods')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('freeze_time', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('changed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('changed_by_name', 'text')
    .addColumn('reason', 'text')
    .addColumn('subscriptions_affected', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('given_back_ms', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_status_periods_product_id_started_at_idx')
    .on('product_status_periods')
    .columns(['product_id', 'started_at'])
    .execute();
  await sql`
    insert into product_status_periods (id, product_id, status, freeze_time, started_at)
    select 'psp-' || id, id, 'operational', 1, created_at from products
  `.execute(db);
}
