import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Commerce: balance deposits (PIX), support tickets and their messages, notifications, and the
 * payment settings the admin edits (PIX key and beneficiary shown in deposit instructions).
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deposits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('method', 'text', (col) => col.notNull())
    // Unique code the payer writes in the PIX description so the admin can match the payment.
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('decided_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await index(db, 'deposits', ['user_id', 'created_at', 'id']);
  await index(db, 'deposits', ['status', 'created_at', 'id']);
  await index(db, 'deposits', ['created_at', 'id']);

  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await index(db, 'support_tickets', ['user_id', 'updated_at', 'id']);
  await index(db, 'support_tickets', ['status', 'updated_at', 'id']);
  await index(db, 'support_tickets', ['updated_at', 'id']);

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('ticket_id', 'text', (col) =>
      col.notNull().references('support_tickets.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('from_staff', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await index(db, 'support_messages', ['ticket_id', 'created_at', 'id']);

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    // Where clicking the notification navigates (a web path), or null.
    .addColumn('link', 'text')
    // Makes a periodic notification idempotent (e.g. one "expiring" per subscription and expiry).
    .addColumn('dedupe_key', 'text', (col) => col.unique())
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await index(db, 'notifications', ['user_id', 'created_at', 'id']);
  await index(db, 'notifications', ['user_id', 'read_at']);

  await db
    .insertInto('settings')
    .values([
      { key: 'pix_key', value: '', updated_at: 0 },
      { key: 'pix_beneficiary', value: '', updated_at: 0 },
    ])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function index(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  return db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}
