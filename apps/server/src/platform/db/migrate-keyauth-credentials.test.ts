import { afterAll, describe, expect, it } from 'vitest';
import type { MigratedDatabase } from '../../testing/migrated-database.js';
import { databaseMigratedTo } from '../../testing/migrated-database.js';
import { newId } from '../core/ids.js';
import { migrateToLatest } from './migrate.js';

/**
 * 2026120405_keyauth_credentials over a database at the previous head: the accounts a KeyAuth
 * `license` made (named by the key they redeemed, no e-mail) get that key as their credential,
 * no other account does, and the HWID blacklist holds each HWID once, in its compared form.
 */
describe('keyauth credentials migration over existing rows', () => {
  let migrated: MigratedDatabase | undefined;
  afterAll(() => migrated?.close());

  it('marks the accounts named by their key and normalises the blacklisted HWIDs', async () => {
    migrated = await databaseMigratedTo('2026120301_job_leases');
    const { database, raw } = migrated;
    const now = Date.now();
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
    const account = async (username: string, email: string | null) => {
      const id = newId();
      await raw
        .insertInto('users')
        .values({
          id,
          username,
          username_lower: username.toLowerCase(),
          email,
          email_lower: email?.toLowerCase() ?? null,
          password_hash: 'x',
          role: 'client',
          status: 'active',
          created_at: now,
        })
        .execute();
      return id;
    };
    const key = async (value: string, redeemedBy: string | null) => {
      const id = newId();
      await raw
        .insertInto('license_keys')
        .values({
          id,
          key: value,
          product_id: productId,
          duration_days: 30,
          status: redeemedBy ? 'used' : 'active',
          redeemed_by: redeemedBy,
          redeemed_at: redeemedBy ? now : null,
          created_at: now,
        })
        .execute();
      return id;
    };
    // Made by `license` (or KeyAuth's own license user, imported): named by the key it redeemed.
    const keyMade = await account('KEYMADE23456789ABC', null);
    const keyMadeKey = await key('KEYMADE23456789ABC', keyMade);
    // A customer with a password who redeemed a key on the site.
    const customer = await account('cliente', 'cliente@example.com');
    await key('SITEKEY23456789ABC', customer);
    // Named like a key someone else redeemed.
    const lookalike = await account('OTHERKEY3456789ABC', null);
    await key('OTHERKEY3456789ABC', customer);

    const blacklisted = (hwid: string, createdAt: number, reason: string) => ({
      product_id: productId,
      hwid,
      reason,
      user_id: null,
      created_at: createdAt,
    });
    await raw
      .insertInto('hwid_blacklist')
      .values([
        blacklisted('S-1-5-21-AAAA-1001', now - 2, 'primeiro'),
        blacklisted('s-1-5-21-aaaa-1001', now - 1, 'depois'),
        blacklisted('HWID-B', now, 'maiusculo'),
        blacklisted('hwid-c', now, 'ja normalizado'),
      ])
      .execute();

    await migrateToLatest(database);

    const db = database.db;
    const credentials = await db
      .selectFrom('users')
      .select(['id', 'credential_key_id'])
      .where('id', 'in', [keyMade, customer, lookalike])
      .execute();
    expect(new Map(credentials.map((row) => [row.id, row.credential_key_id]))).toEqual(
      new Map([
        [keyMade, keyMadeKey],
        [customer, null],
        [lookalike, null],
      ]),
    );
    const rows = await db
      .selectFrom('hwid_blacklist')
      .select(['hwid', 'reason'])
      .where('product_id', '=', productId)
      .orderBy('hwid')
      .execute();
    expect(rows).toEqual([
      { hwid: 'hwid-b', reason: 'maiusculo' },
      { hwid: 'hwid-c', reason: 'ja normalizado' },
      { hwid: 's-1-5-21-aaaa-1001', reason: 'primeiro' },
    ]);
  });
});
