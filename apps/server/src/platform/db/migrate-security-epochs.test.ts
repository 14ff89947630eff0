import { afterAll, describe, expect, it } from 'vitest';
import type { MigratedDatabase } from '../../testing/migrated-database.js';
import { databaseMigratedTo } from '../../testing/migrated-database.js';
import { newId } from '../core/ids.js';
import { migrateToLatest } from './migrate.js';

/**
 * 2026120410_api_token_epochs over existing tokens: each takes its owner's current security
 * epoch, those already revoked were revoked by their owner, and those minted before an epoch
 * end the database remembers (a used reset or undo link, a ban in the log or in force) are
 * revoked with that reason.
 */
describe('API token epochs migration over existing tokens', () => {
  let migrated: MigratedDatabase | undefined;
  afterAll(() => migrated?.close());

  it('gives every token its owner’s epoch and revokes those minted before a remembered epoch end', async () => {
    migrated = await databaseMigratedTo('2026120301_job_leases');
    const { database, raw } = migrated;
    const now = Date.now();
    const owner = (username: string, tokenVersion: number) => ({
      id: newId(),
      username,
      username_lower: username.toLowerCase(),
      email: `${username}@example.com`,
      email_lower: `${username}@example.com`,
      password_hash: 'x',
      role: 'reseller',
      status: 'active',
      token_version: tokenVersion,
      created_at: now,
    });
    const fresh = owner('revenda_nova', 0);
    const reset = owner('revenda_redefinida', 3);
    const restored = owner('revenda_restaurada', 1);
    const unbanned = owner('revenda_desbanida', 1);
    const banned = { ...owner('revenda_banida', 1), status: 'banned' };
    await raw.insertInto('users').values([fresh, reset, restored, unbanned, banned]).execute();
    const hour = 60 * 60 * 1000;
    const usedLink = (userId: string, purpose: string, usedAt: number) => ({
      id: newId(),
      user_id: userId,
      purpose,
      token_hash: newId(),
      new_email: null,
      expires_at: usedAt + hour,
      used_at: usedAt,
      created_at: usedAt - hour,
    });
    await raw
      .insertInto('email_tokens')
      .values([
        usedLink(reset.id, 'reset', now - 5 * hour),
        usedLink(restored.id, 'email_undo', now - 5 * hour),
      ])
      .execute();
    await raw
      .insertInto('activity')
      .values({
        id: newId(),
        actor_id: null,
        actor_name: 'admin',
        type: 'user.banned',
        action: 'Baniu revenda_desbanida',
        target: `user:${unbanned.id}`,
        ip: null,
        created_at: now - 5 * hour,
      })
      .execute();
    const token = (ownerId: string, revokedAt: number | null, createdAt = now) => ({
      id: newId(),
      owner_id: ownerId,
      name: 'Loja',
      prefix: 'chv_live_Ab12Cd',
      token_hash: newId(),
      scopes: 'products:read',
      created_at: createdAt,
      expires_at: null,
      revoked_at: revokedAt,
    });
    const live = token(fresh.id, null);
    const afterReset = token(reset.id, null);
    const revoked = token(reset.id, now - 1000);
    const beforeReset = token(reset.id, null, now - 6 * hour);
    const beforeUndo = token(restored.id, null, now - 6 * hour);
    const afterUndo = token(restored.id, null);
    const beforeBan = token(unbanned.id, null, now - 6 * hour);
    const ofBanned = token(banned.id, null);
    await raw
      .insertInto('api_tokens')
      .values([live, afterReset, revoked, beforeReset, beforeUndo, afterUndo, beforeBan, ofBanned])
      .execute();

    await migrateToLatest(database);

    const rows = await database.db
      .selectFrom('api_tokens')
      .select(['id', 'epoch', 'revoked_reason', 'revoked_at'])
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => ({ ...row, revoked_at: row.revoked_at === null ? null : 'set' })),
    ).toEqual(
      [
        { id: live.id, epoch: 0, revoked_reason: null, revoked_at: null },
        { id: afterReset.id, epoch: 3, revoked_reason: null, revoked_at: null },
        { id: revoked.id, epoch: 3, revoked_reason: 'owner', revoked_at: 'set' },
        { id: beforeReset.id, epoch: 3, revoked_reason: 'password_reset', revoked_at: 'set' },
        { id: beforeUndo.id, epoch: 1, revoked_reason: 'email_restored', revoked_at: 'set' },
        { id: afterUndo.id, epoch: 1, revoked_reason: null, revoked_at: null },
        { id: beforeBan.id, epoch: 1, revoked_reason: 'banned', revoked_at: 'set' },
        { id: ofBanned.id, epoch: 1, revoked_reason: 'banned', revoked_at: 'set' },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Revoked when their epoch ended, as far as the database knows.
    expect(Number(byId.get(beforeReset.id)?.revoked_at)).toBe(now - 5 * hour);
    expect(Number(byId.get(beforeBan.id)?.revoked_at)).toBe(now - 5 * hour);
  });
});
