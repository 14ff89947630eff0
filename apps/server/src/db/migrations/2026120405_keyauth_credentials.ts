import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Which credential opens an account from a loader:
 *
 * - `users.credential_key_id`: the licence key an account was made from by a KeyAuth loader's
 *   `license` (named by the key, with a random password nobody knows): that key is the account's
 *   credential. Null for every account with a password of its own, where a key redeemed into it
 *   only reopens machines already bound. Filled here for the accounts named by a key they
 *   redeemed and without an e-mail: those `license` made before this column, and KeyAuth's own
 *   license users brought by an import (KeyAuth names them by their key, with the key as their
 *   password).
 * - `keyauth_sessions.reach`: how a KeyAuth session was opened. `account`: with the account's
 *   own credential (its password, or the key it was made from), so it may change the account;
 *   `bound-machines`: with a key redeemed into an account that has a password. Null for sessions
 *   validated before this column: they change no account until they log in again.
 * - `hwid_blacklist.hwid` in its compared form (trimmed, lower case; `blacklistedHwidForm`): of
 *   rows differing only in case, the oldest stays.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('credential_key_id', 'text').execute();
  await sql`
    update users set credential_key_id = (
      select min(k.id) from license_keys k where k.redeemed_by = users.id and k.key = users.username
    )
    where users.email is null
      and exists (
        select 1 from license_keys k where k.redeemed_by = users.id and k.key = users.username
      )
  `.execute(db);

  await db.schema.alterTable('keyauth_sessions').addColumn('reach', 'text').execute();

  // HWIDs are printable ASCII (KEYAUTH_HWID_PATTERN): lower() and trim() agree on both engines.
  await sql`
    delete from hwid_blacklist
    where exists (
      select 1 from hwid_blacklist older
      where older.product_id = hwid_blacklist.product_id
        and lower(trim(older.hwid)) = lower(trim(hwid_blacklist.hwid))
        and (
          older.created_at < hwid_blacklist.created_at
          or (older.created_at = hwid_blacklist.created_at and older.hwid < hwid_blacklist.hwid)
        )
    )
  `.execute(db);
  await sql`update hwid_blacklist set hwid = lower(trim(hwid)) where hwid <> lower(trim(hwid))`.execute(
    db,
  );
}
