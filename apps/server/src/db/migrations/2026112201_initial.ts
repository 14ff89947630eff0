import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SqlDialect } from '../../platform/db/database.js';

/**
 * The whole domain model of DESIGN.md. Portable: text ids, bigint epoch-ms times and cents,
 * integer 0/1 flags; only the byte column type differs between the dialects.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('username_lower', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_lower', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('email_verified_at', 'bigint')
    .addColumn('avatar_url', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    // The check backs the conditional debit: a balance can never be spent twice into the red.
    .addColumn('balance_cents', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`balance_cents >= 0`),
    )
    .addColumn('xp', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await uniqueIndex(db, 'users', ['username_lower']);
  await uniqueIndex(db, 'users', ['email_lower']);
  await index(db, 'users', ['role', 'created_at']);
  await index(db, 'users', ['status']);
  await index(db, 'users', ['created_at']);

  await db.schema
    .createTable('files')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('file_sha256', 'text', (col) => col.references('files.sha256').onDelete('set null'))
    .addColumn('file_name', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await index(db, 'products', ['status']);
  await index(db, 'products', ['file_sha256']);

  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('duration_type', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'bigint', (col) => col.notNull().check(sql`price_cents >= 0`))
    .execute();
  await uniqueIndex(db, 'plans', ['product_id', 'duration_type']);

  await db.schema
    .createTable('license_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('duration_days', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('redeemed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await uniqueIndex(db, 'license_keys', ['key']);
  await index(db, 'license_keys', ['product_id']);
  await index(db, 'license_keys', ['status', 'created_at']);
  await index(db, 'license_keys', ['redeemed_by']);
  await index(db, 'license_keys', ['created_by', 'created_at']);
  await index(db, 'license_keys', ['created_at']);

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('paused_remaining_ms', 'bigint')
    .addColumn('paused_by', 'text')
    .addColumn('max_devices', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('pause_credits', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hwid_reset_credits', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // One subscription per user and product: redeeming again extends it (DESIGN.md).
  await uniqueIndex(db, 'subscriptions', ['user_id', 'product_id']);
  await index(db, 'subscriptions', ['product_id']);
  await index(db, 'subscriptions', ['status', 'expires_at']);
  await index(db, 'subscriptions', ['expires_at']);

  await db.schema
    .createTable('machines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subscription_id', 'text', (col) =>
      col.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('hwid', 'text', (col) => col.notNull())
    .addColumn('first_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .execute();
  await uniqueIndex(db, 'machines', ['subscription_id', 'hwid']);
  await index(db, 'machines', ['last_seen_at']);
  await index(db, 'machines', ['hwid']);

  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('actor_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await index(db, 'activity', ['created_at']);
  await index(db, 'activity', ['actor_id']);

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db
    .insertInto('settings')
    .values([
      { key: 'server_status', value: 'online', updated_at: 0 },
      { key: 'maintenance_mode', value: 'off', updated_at: 0 },
      { key: 'pause_all_users', value: 'off', updated_at: 0 },
    ])
    .execute();

  await db.schema
    .createTable('bypass_uids')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull())
    .addColumn('nickname', 'text')
    .addColumn('region', 'text', (col) => col.notNull().defaultTo('unknown'))
    .addColumn('expires_at', 'bigint')
    .addColumn('paused_remaining_ms', 'bigint')
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await uniqueIndex(db, 'bypass_uids', ['uid']);
  await index(db, 'bypass_uids', ['expires_at']);
  await index(db, 'bypass_uids', ['created_by']);

  await db.schema
    .createTable('bypass_api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await uniqueIndex(db, 'bypass_api_keys', ['prefix']);
  await index(db, 'bypass_api_keys', ['created_by']);

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await uniqueIndex(db, 'email_tokens', ['token_hash']);
  await index(db, 'email_tokens', ['user_id', 'purpose']);
  await index(db, 'email_tokens', ['expires_at']);

  await db.schema
    .createTable('balance_ledger')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('balance_after_cents', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await index(db, 'balance_ledger', ['user_id', 'created_at']);
  await index(db, 'balance_ledger', ['actor_id']);

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await uniqueIndex(db, 'newsletter_subscribers', ['email']);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function index(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  return db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function uniqueIndex(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  return db.schema
    .createIndex(`${table}_${columns.join('_')}_unique`)
    .on(table)
    .columns(columns)
    .unique()
    .execute();
}
