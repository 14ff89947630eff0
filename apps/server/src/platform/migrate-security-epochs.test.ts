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
 * 2026120410_api_token_epochs over existing tokens: each takes its owner's current security
 * epoch (so it keeps answering until the next end of it), and those already revoked were
 * revoked by their owner.
 */
describe('API token epochs migration over existing tokens', () => {
  let database: AppDatabase | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await database?.destroy();
    await dropSchema?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('gives every token its owner’s epoch and the revoked ones the owner as reason', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-migrate-epochs-'));
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
    await raw.insertInto('users').values([fresh, reset]).execute();
    const token = (ownerId: string, revokedAt: number | null) => ({
      id: newId(),
      owner_id: ownerId,
      name: 'Loja',
      prefix: 'chv_live_Ab12Cd',
      token_hash: newId(),
      scopes: 'products:read',
      created_at: now,
      expires_at: null,
      revoked_at: revokedAt,
    });
    const live = token(fresh.id, null);
    const afterReset = token(reset.id, null);
    const revoked = token(reset.id, now - 1000);
    await raw.insertInto('api_tokens').values([live, afterReset, revoked]).execute();

    await migrateToLatest(database);

    const rows = await database.db
      .selectFrom('api_tokens')
      .select(['id', 'epoch', 'revoked_reason'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      [
        { id: live.id, epoch: 0, revoked_reason: null },
        { id: afterReset.id, epoch: 3, revoked_reason: null },
        { id: revoked.id, epoch: 3, revoked_reason: 'owner' },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });
});
