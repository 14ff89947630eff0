import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SqlDialect } from '../../platform/db/database.js';

/**
 * Admin console: the DLL's size and upload time, and the indexes its hot reads need (the
 * dashboard metrics polled every second, paged lists and prefix searches).
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  await db.schema.alterTable('products').addColumn('file_size', 'bigint').execute();
  await db.schema.alterTable('products').addColumn('file_uploaded_at', 'bigint').execute();

  // Covering indexes: each metric is a count over one index range, never touching the table.
  // Active users = count(distinct user_id) over status = 'active', expires_at > now: with the
  // entries in user order SQLite counts distinct values without a temporary B-tree.
  // (Expired subscriptions use the existing (status, expires_at) index.)
  await index(db, 'subscriptions', ['status', 'user_id', 'expires_at']);
  // Online users = machines seen in the last 90 s, joined to their subscription's user.
  await index(db, 'machines', ['last_seen_at', 'subscription_id']);
  await db.schema.dropIndex('machines_last_seen_at_idx').execute();

  // Newest-first pages with a stable tie-break on id.
  await index(db, 'activity', ['created_at', 'id']);
  await db.schema.dropIndex('activity_created_at_idx').execute();
  // Keys of one product (and status): a covering count and a newest-first page.
  await index(db, 'license_keys', ['product_id', 'status', 'created_at']);
  await db.schema.dropIndex('license_keys_product_id_idx').execute();

  // Prefix searches (`LIKE 'abc%'`) use a B-tree only with pattern operators under a non-C
  // collation; SQLite's binary-collated indexes already serve the equivalent range.
  if (dialect === 'postgres') {
    await sql`create index users_username_lower_pattern_idx on users (username_lower text_pattern_ops)`.execute(
      db,
    );
    await sql`create index users_email_lower_pattern_idx on users (email_lower text_pattern_ops)`.execute(
      db,
    );
    await sql`create index license_keys_key_pattern_idx on license_keys (key text_pattern_ops)`.execute(
      db,
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function index(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  return db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}
