import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

function metrics() {
  return t.app.inject({ method: 'GET', url: '/api/dashboard/metrics', headers: admin.headers });
}

describe('GET /api/dashboard/metrics', () => {
  it('counts each figure right at its boundaries', async () => {
    const now = t.clock.now();
    const product = await t.fixtures.product();
    const other = await t.fixtures.product();
    const user = async () => (await t.createUser()).id;

    // Online: heartbeats 89 s ago (twice for one user, on two products) count once; 91 s not.
    const onlineUser = await user();
    const onlineSub = await t.fixtures.subscription(onlineUser, product.id);
    await t.fixtures.machine(onlineSub.id, 'HWID-A', now - 89_000);
    await t.fixtures.machine(
      (await t.fixtures.subscription(onlineUser, other.id)).id,
      'HWID-B',
      now - 10_000,
    );
    const staleUser = await user();
    await t.fixtures.machine(
      (await t.fixtures.subscription(staleUser, product.id)).id,
      'HWID-C',
      now - 91_000,
    );

    // Expired: 29 days ago counts, 31 days ago not; a paused one is neither active nor expired.
    await t.fixtures.subscription(await user(), product.id, { expiresAt: now - 29 * DAY });
    await t.fixtures.subscription(await user(), product.id, { expiresAt: now - 31 * DAY });
    await t.fixtures.subscription(await user(), product.id, { status: 'paused' });

    // Banned: counted whatever they hold.
    await t.createUser({ status: 'banned' });
    await t.createUser({ status: 'banned' });

    const response = await metrics();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      onlineUsers: 1,
      // onlineUser (2 subscriptions) and staleUser, both running and unexpired.
      activeUsers: 2,
      bannedUsers: 2,
      expiredSubscriptions: 1,
    });
  });

  it('serves one computation per second and a fresh one after', async () => {
    t.clock.advance(5_000);
    const before = (await metrics()).json<{ bannedUsers: number }>().bannedUsers;
    await t.createUser({ status: 'banned' });

    t.clock.advance(999);
    expect((await metrics()).json<{ bannedUsers: number }>().bannedUsers).toBe(before);
    t.clock.advance(1);
    expect((await metrics()).json<{ bannedUsers: number }>().bannedUsers).toBe(before + 1);
  });
});

describe('GET /api/dashboard/recent-activities', () => {
  it('lists the latest 20 admin actions, newest first, with ISO times', async () => {
    const product = await t.fixtures.product({ name: 'Atividade' });
    for (let i = 0; i < 22; i += 1) {
      t.clock.advance(1_000);
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}/status`,
        headers: admin.headers,
        payload: { status: i % 2 === 0 ? 'disabled' : 'active' },
      });
      expect(response.statusCode).toBe(200);
    }

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/recent-activities',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ id: string; action: string; created_at: string }[]>();
    expect(items).toHaveLength(20);
    expect(items[0]).toEqual({
      id: expect.any(String) as string,
      action: 'Produto Atividade ativado',
      created_at: new Date(t.clock.now()).toISOString(),
    });
    expect(items[1]?.action).toBe('Produto Atividade desligado');
    const times = items.map((item) => Date.parse(item.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
