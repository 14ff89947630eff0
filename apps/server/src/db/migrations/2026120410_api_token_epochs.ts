import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * API tokens belong to their owner's security epoch (`users.token_version`):
 *
 * - `epoch`: the owner's token_version when the token was minted. The guard refuses a token
 *   whose epoch is not the owner's current one, so a password reset or change, an e-mail change
 *   undone, a ban or a role change ends it at once. Existing tokens take their owner's current
 *   epoch, and those minted before an epoch end the database remembers are revoked (below).
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
  await revokeTokensOfEndedEpochs(db, Date.now());
}

/**
 * Tokens minted before an epoch end the database still remembers are revoked now, with that
 * reason: otherwise an intruder's token made before the owner's recovery would keep answering
 * until the next one. Remembered: a used password-reset link, a used e-mail undo link, a ban in
 * the audit log, and a ban in force (lifting it later must not revive its tokens). A password
 * changed on the profile left no trace older than this migration and cannot be told apart.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function revokeTokensOfEndedEpochs(db: Kysely<any>, now: number): Promise<void> {
  await sql`
    update api_tokens
    set revoked_at = ${now}, revoked_reason = 'banned'
    where revoked_at is null
      and owner_id in (select id from users where status = 'banned')
  `.execute(db);
  const endedAt = {
    password_reset: sql`(select max(used_at) from email_tokens
      where email_tokens.user_id = api_tokens.owner_id and purpose = 'reset')`,
    email_restored: sql`(select max(used_at) from email_tokens
      where email_tokens.user_id = api_tokens.owner_id and purpose = 'email_undo')`,
    banned: sql`(select max(created_at) from activity
      where activity.type = 'user.banned'
        and activity.target = ${sql.lit('user:')} || api_tokens.owner_id)`,
  };
  for (const [reason, at] of Object.entries(endedAt)) {
    await sql`
      update api_tokens
      set revoked_at = ${at}, revoked_reason = ${reason}
      where revoked_at is null and created_at < ${at}
    `.execute(db);
  }
}
