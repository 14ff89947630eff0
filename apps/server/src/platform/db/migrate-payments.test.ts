import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrationsFor } from '../../db/migrations/index.js';
import type { TestApp } from '../../testing/test-app.js';
import { createPostgresSchema, createTestApp } from '../../testing/test-app.js';
import { createDatabase } from './database.js';
import { newId } from '../core/ids.js';

/**
 * The payments migrations (2026112701_payments, 2026112702_orders,
 * 2026112703_reseller_prices) on a database at the previous head (2026112601_events) that
 * already holds deposits: they apply in order, and the old deposits still list and approve.
 */
describe('payments migrations over existing deposits', () => {
  let t: TestApp | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await t?.close();
    await dropSchema?.();
  });

  it('upgrades a database at the previous head; old deposits list and approve', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-migrate-pay-'));
    const postgres = await createPostgresSchema();
    dropSchema = postgres ? () => postgres.drop() : undefined;
    const env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    const old = createDatabase(loadConfig(env));
    const schema = postgres
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(old.db)).rows[0]?.s
      : undefined;
    const migrator = new Migrator({
      db: old.db,
      provider: { getMigrations: () => Promise.resolve(migrationsFor(old.dialect)) },
      migrationTableSchema: schema,
    });
    const { error } = await migrator.migrateTo('2026112601_events');
    expect(error).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of that time
    const raw = old.db as unknown as Kysely<any>;
    const userId = newId();
    const now = Date.now();
    await raw
      .insertInto('users')
      .values({
        id: userId,
        username: 'cliente_antigo',
        username_lower: 'cliente_antigo',
        email: 'antigo@example.com',
        email_lower: 'antigo@example.com',
        password_hash: 'x',
        role: 'client',
        status: 'active',
        created_at: now,
      })
      .execute();
    const pendingId = newId();
    await raw
      .insertInto('deposits')
      .values([
        {
          id: pendingId,
          user_id: userId,
          amount_cents: 2500,
          method: 'pix',
          reference: 'ANTIGO22',
          status: 'pending',
          created_at: now,
        },
        {
          id: newId(),
          user_id: userId,
          amount_cents: 1000,
          method: 'pix',
          reference: 'ANTIGO33',
          status: 'rejected',
          reject_reason: 'Sem comprovante',
          created_at: now - 1000,
          decided_at: now,
        },
      ])
      .execute();
    await old.destroy();

    // The app's own start-up migrates the rest, in order.
    t = await createTestApp({ dataDir, env: postgres ? { DATABASE_URL: postgres.url } : {} });
    const applied = await t.database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('timestamp' as never)
      .execute();
    const names = (applied as { name: string }[]).map((m) => m.name);
    const after = names.indexOf('2026112601_events') + 1;
    expect(names.slice(after, after + 3)).toEqual([
      '2026112701_payments',
      '2026112702_orders',
      '2026112703_reseller_prices',
    ]);
    const admin = await t.createUser({ role: 'admin' });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits?status=all',
      headers: admin.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: { reference: string; gateway: string }[] }>().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reference: 'ANTIGO22', gateway: 'manual', order_id: null }),
        expect.objectContaining({ reference: 'ANTIGO33', status: 'rejected' }),
      ]),
    );
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${pendingId}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode).toBe(200);
    expect(await t.fixtures.expectLedgerMatches(userId)).toBe(2500);
  });
});
