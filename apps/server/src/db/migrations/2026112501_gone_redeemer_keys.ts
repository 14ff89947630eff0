import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SqlDialect } from '../../platform/db/database.js';

/**
 * A used key whose redeemer's account is deleted shows `expired` (its expiry becomes its
 * redemption time), as when its subscription alone is removed. Deleting an account both nulls
 * its keys' `redeemed_by` and deletes its subscriptions; on PostgreSQL the key's foreign key
 * acts first, so the subscription's trigger (2026112410_licences) no longer finds the keys and
 * they kept their running expiry ('used' forever). The key itself now reacts to losing its
 * redeemer, whichever runs first; keys already left so are corrected.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  await sql`
    update license_keys set expires_at = coalesce(redeemed_at, 0)
    where status = 'used' and redeemed_by is null
  `.execute(db);
  const statements =
    dialect === 'postgres'
      ? [
          `create function license_keys_redeemer_gone() returns trigger language plpgsql as $$
            begin
              new.expires_at := coalesce(new.redeemed_at, 0);
              return new;
            end $$`,
          `create trigger license_keys_redeemer_gone before update of redeemed_by on license_keys
            for each row when (new.status = 'used' and new.redeemed_by is null
              and old.redeemed_by is not null)
            execute function license_keys_redeemer_gone()`,
        ]
      : [
          `create trigger license_keys_redeemer_gone after update of redeemed_by on license_keys
            when new.status = 'used' and new.redeemed_by is null and old.redeemed_by is not null
            begin
              update license_keys set expires_at = coalesce(new.redeemed_at, 0) where id = new.id;
            end`,
        ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
