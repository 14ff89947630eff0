import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { PRESENCE_RESOLUTION_MS, createPresence } from './loader-presence.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Binds `count` machines to a new subscription, all last seen at `seenAt`; their ids. */
async function machines(count: number, seenAt: number): Promise<string[]> {
  const user = await t.createUser();
  const product = await t.fixtures.product();
  const sub = await t.fixtures.subscription(user.id, product.id, { maxDevices: count });
  for (let i = 0; i < count; i += 1)
    await t.fixtures.machine(sub.id, `HWID-${String(i)}-PRESENCE`, seenAt);
  const rows = await t.database.db
    .selectFrom('machines')
    .select('id')
    .where('subscription_id', '=', sub.id)
    .orderBy('hwid')
    .execute();
  return rows.map((row) => row.id);
}

async function lastSeen(ids: string[]): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('machines')
    .select(['id', 'last_seen_at'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, Number(row.last_seen_at)]));
  return ids.map((id) => byId.get(id) ?? -1);
}

function newPresence() {
  return createPresence(
    {
      dialect: t.database.dialect,
      clock: t.clock,
      runInBackground: t.database.runInBackground,
    },
    t.app.log,
  );
}

describe('loader presence', () => {
  it('writes what was noted only when flushed, and never moves last_seen_at backwards', async () => {
    const start = t.clock.now();
    const [id = ''] = await machines(1, start);
    const presence = newPresence();

    presence.seen(id, start - 60_000, '203.0.113.7');
    await presence.flush();
    expect(await lastSeen([id])).toEqual([start]);

    presence.seen(id, start + 30_000, '198.51.100.4');
    expect(await lastSeen([id])).toEqual([start]);
    await presence.flush();
    expect(await lastSeen([id])).toEqual([start + 30_000]);
    // The address of the latest heartbeat goes with it.
    const row = await t.database.db
      .selectFrom('machines')
      .select('last_ip')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_ip).toBe('198.51.100.4');
    await presence.stop();
  });

  it('writes a machine at most once per resolution, however often it is seen', async () => {
    const start = t.clock.now();
    const [id = ''] = await machines(1, start);
    const presence = newPresence();

    presence.seen(id, start + 1_000, '203.0.113.7');
    await presence.flush();
    presence.seen(id, start + 1_000 + PRESENCE_RESOLUTION_MS - 1, '203.0.113.7');
    await presence.flush();
    expect(await lastSeen([id])).toEqual([start + 1_000]);

    presence.seen(id, start + 1_000 + PRESENCE_RESOLUTION_MS, '203.0.113.7');
    await presence.flush();
    expect(await lastSeen([id])).toEqual([start + 1_000 + PRESENCE_RESOLUTION_MS]);
    await presence.stop();
  });

  it('writes many machines in one flush, and what is pending on close', async () => {
    const start = t.clock.now();
    const ids = await machines(1_203, start);
    const presence = newPresence();

    ids.forEach((id, i) => presence.seen(id, start + i, '203.0.113.7'));
    await presence.flush();
    expect(await lastSeen(ids)).toEqual(ids.map((_id, i) => start + i));

    const later = start + 60_000;
    ids.slice(0, 3).forEach((id) => presence.seen(id, later, '203.0.113.7'));
    await presence.stop();
    expect(await lastSeen(ids.slice(0, 4))).toEqual([later, later, later, start + 3]);
  });
});
