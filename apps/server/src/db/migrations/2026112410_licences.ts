import type { Kysely } from 'kysely';

/**
 * Licence hardening (issue #19):
 *
 * - `subscriptions.last_seen_at`: the latest access of machines no longer bound to it, written
 *   when they are unbound (HWID reset, release), so 'Último acesso' survives a reset.
 * - `subscriptions.free_release_at`: when a machine was last released free of charge (one free
 *   release per period, MACHINE_RELEASE).
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.alterTable('subscriptions').addColumn('free_release_at', 'bigint').execute();
}
