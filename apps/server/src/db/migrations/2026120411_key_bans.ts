import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * `license_keys.banned_by`: who banned a key (an admin or the reseller that owns it), so a
 * reseller lifts only its own bans and an admin any. Null: not banned, banned by an import,
 * or by an account since deleted; only an admin lifts those. Keys banned before this migration
 * take the actor of their latest `key.banned` audit line when that account still exists; none
 * when there is no such line (an import's ban, a ban older than typed audit lines).
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('license_keys')
    .addColumn('banned_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await sql`
    update license_keys
    set banned_by = (
      select users.id from users
      where users.id = (
        select a.actor_id from activity a
        where a.target = 'key:' || license_keys.id and a.type = 'key.banned'
        order by a.created_at desc, a.id desc
        limit 1
      )
    )
    where status = 'banned'
  `.execute(db);
}
