import type { Kysely } from 'kysely';

/**
 * Accounts and onboarding:
 *
 * - `user_sessions`: one row per site login. The session JWT carries its id (`sid`); ending the
 *   row ends the token at once. Ended rows are kept (ended_at set) so a later login from the
 *   same browser and address is not a "new device"; the (user_id, device, ip) index answers that.
 * - `recovery_codes`: the 10 single-use 2FA recovery codes, as sha256 hashes.
 * - `products.loader_*`: the optional loader executable customers download and run (besides the
 *   DLL the loader fetches), with its version and release notes.
 * - `loader_downloads`: every download of a loader file, by subscription.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_sessions_user_id_device_ip_idx')
    .on('user_sessions')
    .columns(['user_id', 'device', 'ip'])
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema.alterTable('products').addColumn('loader_sha256', 'text').execute();
  await db.schema.alterTable('products').addColumn('loader_name', 'text').execute();
  await db.schema.alterTable('products').addColumn('loader_size', 'bigint').execute();
  await db.schema.alterTable('products').addColumn('loader_version', 'text').execute();
  await db.schema.alterTable('products').addColumn('loader_notes', 'text').execute();
  await db.schema.alterTable('products').addColumn('loader_uploaded_at', 'bigint').execute();

  await db.schema
    .createTable('loader_downloads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (col) =>
      col.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('loader_downloads_subscription_id_idx')
    .on('loader_downloads')
    .columns(['subscription_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('loader_downloads_product_id_idx')
    .on('loader_downloads')
    .columns(['product_id', 'created_at'])
    .execute();
}
