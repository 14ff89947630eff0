import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SqlDialect } from '../../platform/db/database.js';

/**
 * KeyAuth compatibility:
 *
 * - `keyauth_apps`: a product answering KeyAuth's loader protocol, under the (ownerid, name)
 *   its loaders send, with the app secret (1.2's HMAC key) and the version `init` expects.
 * - `keyauth_sessions`: KeyAuth's short-lived sessions, opened by `init`, validated by a
 *   login/licence/register (then naming the machine of the subscription), ended by logout.
 *   `enckey` is 1.2's HMAC key after init (the client's enckey, a dash and the app secret).
 * - `product_variables`: the values `var` serves to validated sessions of a product.
 * - `hwid_blacklist`: machines refused for a product (KeyAuth's `ban`, or the admin).
 * - `users.email` becomes optional: accounts made by a loader's `register` or a KeyAuth import
 *   may have none until their owner adds one on the site.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('keyauth_apps')
    .addColumn('product_id', 'text', (col) =>
      col.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('download_url', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // Loaders find their app by (ownerid, name), as KeyAuth does.
  await db.schema
    .createIndex('keyauth_apps_owner_name_key')
    .on('keyauth_apps')
    .columns(['owner_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('keyauth_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('enckey', 'text')
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (col) =>
      col.references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('machine_id', 'text')
    .addColumn('token_version', 'integer')
    .addColumn('validated_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('keyauth_sessions_expires_at_idx')
    .on('keyauth_sessions')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('keyauth_sessions_product_idx')
    .on('keyauth_sessions')
    .columns(['product_id', 'validated_at'])
    .execute();

  await db.schema
    .createTable('product_variables')
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_variables_pkey', ['product_id', 'name'])
    .execute();

  await db.schema
    .createTable('hwid_blacklist')
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('hwid', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('hwid_blacklist_pkey', ['product_id', 'hwid'])
    .execute();

  await optionalEmail(db, dialect);
}

/** Drops NOT NULL from users.email and users.email_lower (unique still: NULLs never collide). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function optionalEmail(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table users alter column email drop not null`.execute(db);
    await sql`alter table users alter column email_lower drop not null`.execute(db);
    return;
  }
  // SQLite cannot drop a constraint: the table is rebuilt (sqlite.org/lang_altertable.html, the
  // 12 steps), with foreign keys off so dropping the old table cascades nothing, in one
  // transaction so a crash leaves the old table whole. Kysely runs SQLite migrations outside
  // a transaction, which is what lets the pragma take effect.
  const { rows: tables } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  const { rows: indexes } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'users' and sql is not null`.execute(
    db,
  );
  const definition = tables[0]?.sql;
  if (!definition) throw new Error('users table not found');
  const rebuilt = definition
    .replace(/^create table "?users"?/i, 'create table "users_rebuilt"')
    .replace(/("email" text) not null/i, '$1')
    .replace(/("email_lower" text) not null/i, '$1');
  if (/"email" text not null|"email_lower" text not null/i.test(rebuilt)) {
    throw new Error('users.email definition not recognised');
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql`insert into users_rebuilt select * from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_rebuilt rename to users`.execute(db);
      for (const index of indexes) await sql.raw(index.sql).execute(db);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error('foreign keys broken by the users rebuild');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
