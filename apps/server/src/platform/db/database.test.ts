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
