import type { Kysely } from 'kysely';

/** Customer profile: e-mail change by confirmation link, TOTP replay guard, daily bonus. */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_tokens').addColumn('new_email', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('daily_bonus_at', 'bigint').execute();
}
