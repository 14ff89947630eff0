import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SqlDialect } from '../../platform/db/database.js';

/** Files larger than this are kept in `file_chunks`, so a download streams them (files module). */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Protected delivery: the product file sealed to each loader session and marked per copy, the
 * loader's version and integrity, client security events and offline grace.
 *
 * - `products`: `protected_delivery` (1: a download needs a session key; new products are
 *   created with it on, existing ones keep the plain download), `offline_grace_hours` (0: off),
 *   `loader_min_version`, `unknown_loader_policy` (`allow` | `record` | `refuse`) and
 *   `security_rules` (JSON: what each client signal does).
 * - `product_loader_releases`: every loader file published with a version (the known hashes),
 *   seeded with each product's current loader.
 * - `file_chunks`: the bytes of files over 1 MiB in 1 MiB pieces (their `files.bytes` is empty),
 *   so a 64 MB DLL is read a piece at a time. Existing large files are split here.
 * - `deliveries`: one row per copy handed to a loader session (the mark inside it names the row).
 * - `loader_security_events`: what loaders reported (debugger, hooked API, failed self-check) or
 *   the server saw (an unknown loader), with the action taken and whether an admin resolved it.
 * - `machines.sessions_ended_at`: sessions of that machine issued before it are over.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .alterTable('products')
    .addColumn('protected_delivery', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('offline_grace_hours', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('products').addColumn('loader_min_version', 'text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('unknown_loader_policy', 'text', (col) => col.notNull().defaultTo('allow'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('security_rules', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('product_loader_releases')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('uploaded_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('product_loader_releases_product_id_sha256_idx')
    .on('product_loader_releases')
    .columns(['product_id', 'sha256'])
    .execute();
  await sql`
    insert into product_loader_releases (id, product_id, version, sha256, name, size, uploaded_at)
    select 'plr-' || id, id, loader_version, loader_sha256, loader_name, loader_size,
      loader_uploaded_at
    from products where loader_sha256 is not null
  `.execute(db);

  await db.schema
    .createTable('file_chunks')
    .addColumn('sha256', 'text', (col) =>
      col.notNull().references('files.sha256').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('bytes', bytes, (col) => col.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['sha256', 'seq'])
    .execute();
  const large = await sql<{ sha256: string; size: number | string }>`
    select sha256, size from files where size > ${CHUNK_BYTES}
  `.execute(db);
  for (const file of large.rows) {
    const pieces = Math.ceil(Number(file.size) / CHUNK_BYTES);
    for (let seq = 0; seq < pieces; seq += 1) {
      const start = seq * CHUNK_BYTES + 1;
      const piece =
        dialect === 'postgres'
          ? sql`substring(bytes from ${start} for ${CHUNK_BYTES})`
          : sql`substr(bytes, ${start}, ${CHUNK_BYTES})`;
      await sql`
        insert into file_chunks (sha256, seq, bytes)
        select sha256, ${seq}, ${piece} from files where sha256 = ${file.sha256}
      `.execute(db);
    }
    const empty = dialect === 'postgres' ? sql`''::bytea` : sql`x''`;
    await sql`update files set bytes = ${empty} where sha256 = ${file.sha256}`.execute(db);
  }

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'text', (col) =>
      col.references('subscriptions.id').onDelete('set null'),
    )
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('machine_id', 'text')
    .addColumn('hwid', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('file_sha256', 'text', (col) => col.notNull())
    .addColumn('marked_sha256', 'text', (col) => col.notNull())
    .addColumn('marked_size', 'bigint', (col) => col.notNull())
    .addColumn('mark_kind', 'text', (col) => col.notNull())
    .addColumn('session_key', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('downloaded_at', 'bigint')
    .addColumn('download_ip', 'text')
    .addColumn('downloads', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('deliveries_product_id_created_at_idx')
    .on('deliveries')
    .columns(['product_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deliveries_user_id_created_at_idx')
    .on('deliveries')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deliveries_marked_sha256_idx')
    .on('deliveries')
    .column('marked_sha256')
    .execute();

  await db.schema
    .createTable('loader_security_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('subscription_id', 'text', (col) =>
      col.references('subscriptions.id').onDelete('set null'),
    )
    .addColumn('machine_id', 'text')
    .addColumn('hwid', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('loader_security_events_resolved_at_created_at_idx')
    .on('loader_security_events')
    .columns(['resolved_at', 'created_at'])
    .execute();
  await db.schema
    .createIndex('loader_security_events_user_id_created_at_idx')
    .on('loader_security_events')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema.alterTable('machines').addColumn('sessions_ended_at', 'bigint').execute();
}
