import type { ExpiringResponse } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// The expiring list's counts of whole hours are kept until a subscription write: every write
// the app makes must show at once, each checked against the subscriptions themselves.
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** Users with a token signed at each request's clock time (the test moves the clock). */
const fresh = (user: TestUser) => () => t.tokenFor(user);

/** The answer, whole, against the running subscriptions ending within 7 days read directly. */
async function expectExact(): Promise<ExpiringResponse> {
  const response = await t.as(fresh(admin)).get('/api/analytics/expiring?pageSize=100');
  expect(response.statusCode).toBe(200);
  const answer = response.json<ExpiringResponse>();
  const now = t.clock.now();
  const running = await t.database.db
    .selectFrom('subscriptions')
    .select('id')
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .where('expires_at', '<=', now + 7 * DAY)
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
  expect(answer.items.map((item) => item.subscriptionId)).toEqual(running.map((row) => row.id));
  expect(answer.total).toBe(running.length);
  const atStake = answer.items.reduce((sum, item) => sum + (item.renewalPrice ?? 0) * 100, 0);
  expect(Math.round(answer.revenueAtStake * 100)).toBe(Math.round(atStake));
  return answer;
}

describe('GET /api/analytics/expiring, kept counts', () => {
  it('shows every write that changes a running subscription at once, and time passing', async () => {
    // Inside an hour, so the window's ends fall in part-hours.
    t.clock.advance(17 * MINUTE + 23_000);
    const now = t.clock.now();
    const product = await t.fixtures.product({ name: 'Contado', plans: { monthly: 1_000 } });
    const other = await t.fixtures.product({ name: 'Outro', plans: { monthly: 700 } });
    const users = await Promise.all(
      ['c_um', 'c_dois', 'c_tres', 'c_quatro', 'c_cinco', 'c_seis', 'c_oito'].map((username) =>
        t.createUser({ username }),
      ),
    );
    const [u1, u2, u3, u4, u5, u6, u8] = users;
    if (!u1 || !u2 || !u3 || !u4 || !u5 || !u6 || !u8) throw new Error('users');
    // In the first part-hour, the last part-hour, out, and in the whole hours (the kept part,
    // where every write below lands).
    await t.fixtures.subscription(u1.id, product.id, { expiresAt: now + 10 * MINUTE });
    await t.fixtures.subscription(u3.id, other.id, { expiresAt: now + 7 * DAY - 5 * MINUTE });
    const late = await t.fixtures.subscription(u4.id, other.id, { expiresAt: now + 7 * DAY + 1 });
    const middle = await t.fixtures.subscription(u2.id, product.id, { expiresAt: now + 3 * DAY });
    const ofU5 = await t.fixtures.subscription(u5.id, other.id, { expiresAt: now + 2 * DAY });
    await t.fixtures.subscription(u8.id, product.id, { expiresAt: now + 4 * DAY });
    expect((await expectExact()).total).toBe(5);

    // An administrator's grant, then days added past the window.
    const granted = await t.as(fresh(admin)).post(`/api/users/${u6.id}/subscriptions`, {
      productId: product.id,
      days: 3,
      devices: 1,
    });
    expect(granted.statusCode).toBe(200);
    expect((await expectExact()).total).toBe(6);
    const added = await t
      .as(fresh(admin))
      .patch(`/api/users/subscriptions/${middle.id}/days`, { days: 5 });
    expect(added.statusCode).toBe(200);
    expect((await expectExact()).total).toBe(5);
    // Days taken: one ending just after the window comes into it.
    const taken = await t
      .as(fresh(admin))
      .patch(`/api/users/subscriptions/${late.id}/days`, { days: -1 });
    expect(taken.statusCode).toBe(200);
    expect((await expectExact()).total).toBe(6);

    // The owner's pause and resume.
    const [ofU6] = (await t.as(fresh(admin)).get(`/api/users/${u6.id}/subscriptions`)).json<
      { id: string }[]
    >();
    const own = `/api/client/subscriptions/${ofU6?.id ?? ''}/status`;
    expect((await t.as(fresh(u6)).patch(own, { status: 'paused' })).statusCode).toBe(200);
    expect((await expectExact()).total).toBe(5);
    expect((await t.as(fresh(u6)).patch(own, { status: 'active' })).statusCode).toBe(200);
    expect((await expectExact()).total).toBe(6);

    // A redeemed key.
    await t.fixtures.key(other.id, { key: 'CONTADOCHAVE234567', days: 2 });
    const redeemed = await t
      .as(fresh(u2))
      .post('/api/client/redeem-key', { keyValue: 'CONTADOCHAVE234567' });
    expect(redeemed.statusCode).toBe(200);
    expect((await expectExact()).total).toBe(7);

    // The product's freeze and its end, then "pause all users" and its end.
    const operational = (status: 'updating' | 'operational') =>
      t.as(fresh(admin)).patch(`/api/products/${product.id}/operational`, { status });
    expect((await operational('updating')).statusCode).toBe(200);
    expect((await expectExact()).total).toBe(4);
    expect((await operational('operational')).statusCode).toBe(200);
    expect((await expectExact()).total).toBe(7);
    const pauseAll = (value: 'on' | 'off') =>
      t.as(fresh(admin)).patch('/api/settings', { key: 'pause_all_users', value });
    expect((await pauseAll('on')).statusCode).toBe(200);
    expect((await expectExact()).total).toBe(0);
    expect((await pauseAll('off')).statusCode).toBe(200);
    expect((await expectExact()).total).toBe(7);

    // Deletes: one subscription, an account, a product with everything in it.
    expect(
      (await t.as(fresh(admin)).delete(`/api/users/subscriptions/${ofU5.id}`)).statusCode,
    ).toBe(200);
    expect((await expectExact()).total).toBe(6);
    expect((await t.as(fresh(admin)).delete(`/api/users/${u8.id}`)).statusCode).toBe(200);
    expect((await expectExact()).total).toBe(5);
    expect(
      (await t.as(fresh(admin)).delete(`/api/products/${other.id}?cascade=true`)).statusCode,
    ).toBe(200);
    expect((await expectExact()).total).toBe(2);

    // Time: the soonest ends within the first part-hour, the next hour's counts are new.
    t.clock.advance(50 * MINUTE);
    expect((await expectExact()).total).toBe(1);

    // A write behind the app's back shows within the 10 s the counts are kept at most.
    const u7 = await t.createUser({ username: 'c_sete' });
    await t.fixtures.subscription(u7.id, product.id, { expiresAt: t.clock.now() + DAY });
    t.clock.advance(10_001);
    expect((await expectExact()).total).toBe(2);

    // "Delete all users" (every account but the administrators').
    expect((await t.as(fresh(admin)).post('/api/admin-actions/delete-all-users')).statusCode).toBe(
      200,
    );
    expect((await expectExact()).total).toBe(0);
  });

  it('reads pages deep in the list (on the background reader) as the first ones', async () => {
    const now = t.clock.now();
    const product = await t.fixtures.product({ name: 'Fundo', plans: { weekly: 300 } });
    const rows = Array.from({ length: 1_150 }, (_, index) => ({
      id: `deep-${String(index).padStart(4, '0')}`,
      name: `fundo_${String(index)}`,
      // Ties on purpose: pages order them by id.
      expiresAt: now + DAY + Math.floor(index / 3) * MINUTE,
    }));
    await t.database.db
      .insertInto('users')
      .values(
        rows.map((row) => ({
          id: row.id,
          username: row.name,
          username_lower: row.name,
          email: `${row.name}@example.com`,
          email_lower: `${row.name}@example.com`,
          password_hash: 'x',
          role: 'client' as const,
          status: 'active' as const,
          email_verified_at: null,
          created_at: now,
        })),
      )
      .execute();
    for (const row of rows) {
      await t.fixtures.subscription(row.id, product.id, { expiresAt: row.expiresAt });
    }
    // Written behind the app's back: shown once the kept counts lapse.
    t.clock.advance(10_001);
    const ids: string[] = [];
    const totals = new Set<number>();
    for (let page = 1; page <= 13; page += 1) {
      const answer = (
        await t.as(fresh(admin)).get(`/api/analytics/expiring?pageSize=100&page=${String(page)}`)
      ).json<ExpiringResponse>();
      totals.add(answer.total);
      ids.push(...answer.items.map((item) => item.subscriptionId));
    }
    const expected = await t.database.db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', '=', 'active')
      .where('expires_at', '>', t.clock.now())
      .where('expires_at', '<=', t.clock.now() + 7 * DAY)
      .orderBy('expires_at')
      .orderBy('id')
      .execute();
    expect(ids).toEqual(expected.map((row) => row.id));
    expect([...totals]).toEqual([expected.length]);
    expect(ids.length).toBeGreaterThan(1_100);
  });
});
