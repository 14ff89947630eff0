import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { migrationsFor } from '../db/migrations/index.js';
import { createPostgresSchema } from '../testing/test-app.js';
import type { AppDatabase } from './database.js';
import { createDatabase } from './database.js';
import { newId } from './ids.js';
import { migrateToLatest } from './migrate.js';

/**
 * 2026120405_keyauth_credentials over a database at the previous head: the accounts a KeyAuth
 * `license` made (named by the key they redeemed, no e-mail) get that key as their credential,
 * no other account does, and the HWID blacklist holds each HWID once, in its compared form.
 */
describe('keyauth credentials migration over existing rows', () => {
  let database: AppDatabase | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await database?.destroy();
    await dropSchema?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('marks the accounts named by their key and normalises the blacklisted HWIDs', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-migrate-keyauth-credentials-'));
    const postgres = await createPostgresSchema();
    dropSchema = postgres ? () => postgres.drop() : undefined;
    const env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    database = createDatabase(loadConfig(env));
    const schema = postgres
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s
      : undefined;
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: () => Promise.resolve(migrationsFor(database!.dialect)) },
      migrationTableSchema: schema,
    });
    expect((await migrator.migrateTo('2026120301_job_leases')).error).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of that time
    const raw = database.db as unknown as Kysely<any>;
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
