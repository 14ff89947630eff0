import { afterAll, describe, expect, it } from 'vitest';
import type { MigratedDatabase } from '../../testing/migrated-database.js';
import { databaseMigratedTo } from '../../testing/migrated-database.js';
import { newId } from '../core/ids.js';
import { migrateToLatest } from './migrate.js';

/**
 * 2026120411_key_bans over keys banned before it: each takes the author of its latest ban in
 * the audit log, so a reseller can still lift the bans it made; a ban with no author left is
 * an admin's to lift.
 */
describe('key bans migration over banned keys', () => {
  let migrated: MigratedDatabase | undefined;
  afterAll(() => migrated?.close());

  it('records who made each ban from the audit log, when that account still exists', async () => {
    migrated = await databaseMigratedTo('2026120410_api_token_epochs');
    const { database, raw } = migrated;
    const now = Date.now();
    const account = (username: string, role: string) => ({
      id: newId(),
      username,
      username_lower: username,
      email: `${username}@example.com`,
      email_lower: `${username}@example.com`,
      password_hash: 'x',
      role,
      status: 'active',
      created_at: now,
    });
    const admin = account('chefe', 'admin');
    const reseller = account('revenda', 'reseller');
    const gone = account('revenda_antiga', 'reseller');
    await raw.insertInto('users').values([admin, reseller, gone]).execute();
    const productId = newId();
    await raw
      .insertInto('products')
      .values({
        id: productId,
        name: 'P',
        description: '',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const key = (value: string, status: string) => ({
      id: newId(),
      key: value,
      product_id: productId,
      duration_days: 7,
      status,
      created_by: reseller.id,
      created_at: now,
    });
    const byReseller = key('AAAAAAAAAAAAAAAAA1', 'banned');
    const rebannedByAdmin = key('AAAAAAAAAAAAAAAAA2', 'banned');
    const byGone = key('AAAAAAAAAAAAAAAAA3', 'banned');
    const imported = key('AAAAAAAAAAAAAAAAA4', 'banned');
    const unbanned = key('AAAAAAAAAAAAAAAAA5', 'active');
    await raw
      .insertInto('license_keys')
      .values([byReseller, rebannedByAdmin, byGone, imported, unbanned])
      .execute();
    const line = (actorId: string, keyId: string, type: string, at: number) => ({
      id: newId(),
      actor_id: actorId,
      type,
      action: type,
      target: `key:${keyId}`,
      created_at: at,
    });
    await raw
      .insertInto('activity')
      .values([
        line(reseller.id, byReseller.id, 'key.banned', now - 10),
        line(reseller.id, rebannedByAdmin.id, 'key.banned', now - 30),
        line(reseller.id, rebannedByAdmin.id, 'key.unbanned', now - 20),
        line(admin.id, rebannedByAdmin.id, 'key.banned', now - 10),
        line(gone.id, byGone.id, 'key.banned', now - 10),
        line(reseller.id, unbanned.id, 'key.banned', now - 10),
      ])
      .execute();
    // The account that made a ban is gone since (its lines keep no actor).
    await raw.deleteFrom('users').where('id', '=', gone.id).execute();

    await migrateToLatest(database);

    const bannedBy = async (id: string) =>
      (
        await database.db
          .selectFrom('license_keys')
          .select('banned_by')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).banned_by;
    expect(await bannedBy(byReseller.id)).toBe(reseller.id);
    expect(await bannedBy(rebannedByAdmin.id)).toBe(admin.id);
    expect(await bannedBy(byGone.id)).toBeNull();
    expect(await bannedBy(imported.id)).toBeNull();
    expect(await bannedBy(unbanned.id)).toBeNull();
  });
});
