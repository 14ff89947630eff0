import type {
  AnalyticsResponse,
  BuyKeysResponse,
  ClientDashboard,
  ResellerAnalyticsResponse,
} from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { clearRollups } from './analytics-testing.js';

// The manual clock starts at 2026-01-15T12:00Z: 09:00 of 2026-01-15 in São Paulo.
const TODAY = '2026-01-15';
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Samples are taken by the test, at the time it chooses.
  await t.app.jobs.analyticsSampler.stop();
  await clearRollups(t);
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

async function buyKeys(reseller: TestUser, productId: string, quantity: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/reseller/keys',
    headers: reseller.headers,
    payload: { productId, durationType: 'monthly', quantity },
  });
  expect(response.statusCode).toBe(201);
  return response.json<BuyKeysResponse>();
}

describe('the dashboards read what the handlers and the sampler wrote', () => {
  it('charts reseller sales, a redemption and a minute online, each where it belongs', async () => {
    const product = await t.fixtures.product({ name: 'Cheat X', plans: { monthly: 2_990 } });
    // The reseller price of the plan: R$ 20,00 a key.
    await t.database.db
      .updateTable('plans')
      .set({ reseller_price_cents: 2_000 })
      .where('product_id', '=', product.id)
      .execute();
    // Two sign-ups today (the admin's creations count, the fixtures' direct inserts do not).
    const a = await t.createResellerViaAdmin(admin.headers, 100);
    const b = await t.createResellerViaAdmin(admin.headers, 100);
    const [firstKey] = (await buyKeys(a, product.id, 3)).keys;
    await buyKeys(b, product.id, 1);

    const customer = await t.createUser();
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/client/redeem-key',
      headers: customer.headers,
      payload: { keyValue: firstKey },
    });
    expect(redeemed.statusCode).toBe(200);
    const sub = await t.database.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    await t.fixtures.machine(sub.id, 'HWID-FLOW', t.clock.now());
    // The next minute (12:01 UTC): the app sampled 12:00 when it started, before the machine.
    t.clock.advance(60_000);
    await t.app.jobs.analyticsSampler.runOnce();
    // The sales and redemption counters are written by handlers that follow the answers.
    await t.app.outbox.idle();

    const overview = await t.as(admin).get('/api/analytics?period=7');
    expect(overview.statusCode).toBe(200);
    const body = overview.json<AnalyticsResponse>();
    expect(body.series.at(-1)).toEqual({
      day: TODAY,
      deposits: 0,
      depositsCount: 0,
      refunds: 0,
      sales: 80,
      salesCount: 4,
      signups: 2,
      redemptions: 1,
      activeSubscriptions: 1,
      onlinePeak: 1,
      onlineAverage: 1,
      givenBackMs: 0,
    });
    expect(body.products).toEqual([
      {
        productId: product.id,
        name: 'Cheat X',
        salesCount: 4,
        sales: 80,
        redemptions: 1,
        givenBackMs: 0,
      },
    ]);
    expect(body.resellers).toEqual([
      { resellerId: a.id, username: a.username, keysSold: 3, keysRedeemed: 1, spent: 60 },
      { resellerId: b.id, username: b.username, keysSold: 1, keysRedeemed: 0, spent: 20 },
    ]);
    expect(body.recentOnline).toEqual([{ at: '2026-01-15T12:00:00.000Z', users: 1 }]);

    const own = (
      await t.as(a).get('/api/reseller/analytics?period=7')
    ).json<ResellerAnalyticsResponse>();
    expect(own.series.at(-1)).toEqual({ day: TODAY, keysSold: 3, keysRedeemed: 1, spent: 60 });
    expect(own.totals.current).toEqual({ keysSold: 3, keysRedeemed: 1, spent: 60 });
    expect(own.products).toEqual([
      { productId: product.id, name: 'Cheat X', keysSold: 3, keysRedeemed: 1, spent: 60 },
    ]);

    const card = (await t.as(customer).get('/api/client/dashboard')).json<ClientDashboard>()
      .subscriptions[0];
    expect(card?.online_minutes_30d).toBe(1);
    expect(card?.usage_days.at(-1)).toEqual({ day: TODAY, minutes: 1 });
  });
});
