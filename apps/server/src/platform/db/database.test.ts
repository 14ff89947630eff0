import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { withTransaction } from './database.js';

describe('readNow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const serverStatus = async () => {
    const { db, readNow } = t.database;
    const query = db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'server_status')
      .compile();
    const rows = await readNow(query);
    return rows[0]?.value;
  };

  it("reads committed rows only: not a running transaction's, then its rows once committed", async () => {
    expect(await serverStatus()).toBe('online');
    let seenInside: string | undefined;
    await withTransaction(t.database.db, async (trx) => {
      await trx
        .updateTable('settings')
        .set({ value: 'offline' })
        .where('key', '=', 'server_status')
        .execute();
      seenInside = await serverStatus();
    });
    expect(seenInside).toBe('online');
    expect(await serverStatus()).toBe('offline');
  });
});

describe('backgroundReads and gated background writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const serverStatus = async () => {
    const row = await t.database.backgroundReads
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'server_status')
      .executeTakeFirst();
    return row?.value;
  };

  it("reads committed rows off the event loop: not a running transaction's, then its rows", async () => {
    expect(await serverStatus()).toBe('online');
    let seenInside: string | undefined;
    await withTransaction(t.database.db, async (trx) => {
      await trx
        .updateTable('settings')
        .set({ value: 'maintenance' })
        .where('key', '=', 'server_status')
        .execute();
      seenInside = await serverStatus();
    });
    expect(seenInside).toBe('online');
    expect(await serverStatus()).toBe('maintenance');
  });

  it('answers blobs as Buffers, like the main connection', async () => {
    const blob =
      t.database.dialect === 'postgres'
        ? sql<Buffer>`convert_to('chaveiro', 'UTF8')`
        : sql<Buffer>`cast('chaveiro' as blob)`;
    const row = await t.database.backgroundReads
      .selectNoFrom(blob.as('bytes'))
      .executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(row.bytes)).toBe(true);
    expect(row.bytes.toString()).toBe('chaveiro');
  });

  it('runs a gated transaction once per claim, on either database', async () => {
    const { db, runInBackground } = t.database;
    // Far past the manual clock: the app's own sampler never claims or prunes it.
    const minute = Date.UTC(2100, 0, 1);
    const sample = () => [
      db
        .insertInto('analytics_online_minutes')
        .values({ minute, users: 1 })
        .onConflict((oc) => oc.column('minute').doNothing())
        .compile(),
      db
        .insertInto('analytics_daily')
        .values({ metric: 'online_samples', dimension: 'gated-test', day: '2100-01-01', value: 1 })
        .onConflict((oc) =>
          oc
            .columns(['metric', 'dimension', 'day'])
            .doUpdateSet((eb) => ({ value: eb('analytics_daily.value', '+', 1) })),
        )
        .compile(),
    ];
    expect(await runInBackground(sample(), { transaction: true, gated: true })).toBe(true);
    expect(await runInBackground(sample(), { transaction: true, gated: true })).toBe(false);
    const counted = await db
      .selectFrom('analytics_daily')
      .select('value')
      .where('dimension', '=', 'gated-test')
      .executeTakeFirstOrThrow();
    expect(counted.value).toBe(1);
  });
});
