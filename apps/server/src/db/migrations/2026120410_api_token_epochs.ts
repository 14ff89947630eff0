import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * API tokens belong to their owner's security epoch (`users.token_version`):
 *
 * - `epoch`: the owner's token_version when the token was minted. The guard refuses a token
 *   whose epoch is not the owner's current one, so a password reset or change, an e-mail change
 *   undone, a ban or a role change ends it at once. Existing tokens take their owner's current
 *   epoch (what ended before this migration cannot be told apart any more).
 * - `revoked_reason`: why a revoked token was revoked (`owner`, or the epoch's end that revoked
 *   it). Tokens revoked before this migration could only have been revoked by their owner.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('api_tokens')
    .addColumn('epoch', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('api_tokens').addColumn('revoked_reason', 'text').execute();
  await sql`
    update api_tokens
    set epoch = (select users.token_version from users where users.id = api_tokens.owner_id)
  `.execute(db);
  await sql`update api_tokens set revoked_reason = 'owner' where revoked_at is not null`.execute(
    db,
  );
}
