import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Reseller prices. A plan may carry a reseller price (null: retail less the
 * global discount, the `reseller_discount_bp` setting in basis points, 0 at first). Each key a
 * reseller buys keeps the unit price paid and the plan's retail price at that moment, so margins
 * stay as they were when prices change later; admin-generated keys (and keys bought before this
 * migration) have neither.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('reseller_price_cents', 'bigint', (col) =>
      col.check(sql`reseller_price_cents >= 0 and reseller_price_cents <= price_cents`),
    )
    .execute();
  await db.schema
    .alterTable('license_keys')
    .addColumn('price_cents', 'bigint', (col) => col.check(sql`price_cents >= 0`))
    .execute();
  await db.schema
    .alterTable('license_keys')
    .addColumn('retail_price_cents', 'bigint', (col) => col.check(sql`retail_price_cents >= 0`))
    .execute();
  await db
    .insertInto('settings')
    .values({ key: 'reseller_discount_bp', value: '0', updated_at: 0 })
    .execute();
}
