import type { Kysely } from 'kysely';

/**
 * A sign-up that named an e-mail which already has an account creates nothing, yet must look
 * like a pending account: it holds its username (taken to later sign-ups and renames, a 403
 * "confirm your e-mail" to a login with its password) until its confirmation link would have
 * expired.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_holds')
    .addColumn('username_lower', 'text', (col) => col.primaryKey())
    .addColumn('email_lower', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('signup_holds_expires_at_idx')
    .on('signup_holds')
    .column('expires_at')
    .execute();
}
