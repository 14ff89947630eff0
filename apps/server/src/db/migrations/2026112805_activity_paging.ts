import type { Kysely } from 'kysely';

/**
 * The audit log: each row keeps its actor's username as it was when written, so a
 * row still says who acted once that account is deleted (`actor_id` is then set null). Rows
 * older than this column show the live username while the account exists.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity').addColumn('actor_name', 'text').execute();
}
