import type { BuyKeysResponse } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { runAnalyticsBackfill, runningPerDay } from './analytics-backfill.js';
import { METRICS } from './analytics-metrics.js';
import type { DailyRow } from './analytics-testing.js';
import { dailyRows, dayValues } from './analytics-testing.js';

let t: TestApp;
let admin: TestUser;
let client: TestUser;
let reseller: TestUser;
let shopProduct: { id: string };
let keysProduct: { id: string };

/** Day A: 2026-05-04 (12:00 in São Paulo); day B: 2026-05-05, at 22:00 there (01:00 UTC on the 6th). */
const DAY_A = Date.UTC(2026, 4, 4, 15);
const DAY_B = Date.UTC(2026, 4, 6, 1);
const TODAY = Date.UTC(2026, 4, 8, 15);

async function signedNow(user: TestUser): Promise<TestUser> {
  const token = await t.tokenFor(user);
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

async function approvedDeposit(reais: number): Promise<string> {
  const created = await t.as(client).post('/api/deposits', { amount: reais });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<{ deposit: { id: string } }>().deposit;
  expect((await t.as(admin).post(`/api/admin/deposits/${id}/approve`)).statusCode).toBe(200);
  return id;
}

/** Every fact and counter, to start again from the source tables (gauges stay). */
async function forgetCounters(): Promise<void> {
  await t.database.db.deleteFrom('analytics_facts').execute();
  await t.database.db
    .deleteFrom('analytics_daily')
    .where('metric', 'not like', 'gauge.%')
    .where('metric', 'not like', 'online.%')
    .execute();
}

const counters = () => dailyRows(t.database.db, { countersOnly: true });
const without = (rows: DailyRow[], metric: string) => rows.filter((row) => row.metric !== metric);

/**
 * Day A: the admin creates a client (who deposits R$ 100 and R$ 30 and buys a R$ 29,90 plan)
 * and a reseller (who buys 4 keys at R$ 4,00); a user from before the handlers (a direct insert,
 * no event). Day B: the client redeems two of the reseller's keys and one admin key; the R$ 30
 * deposit is refunded.
 */
beforeAll(async () => {
  t = await createTestApp();
  await t.app.jobs.analyticsSampler.stop();
  // Redeliveries are drained by the tests, not taken by the poller meanwhile.
  await t.app.outbox.stop();
  t.clock.set(DAY_A);
  admin = await t.createUser({ role: 'admin', username: 'chefe_backfill' });
  expect(
    (
      await t.as(admin).patch('/api/admin/payment-settings', {
        pix_key: 'pix@chaveiro.com.br',
        pix_beneficiary: 'Chaveiro Tecnologia LTDA',
        pix_city: 'São Paulo',
      })
    ).statusCode,
  ).toBe(200);
  shopProduct = await t.fixtures.product({ plans: { monthly: 2_990 } });
  keysProduct = await t.fixtures.product({ plans: { weekly: 400 } });

  const created = await t.as(admin).post('/api/users', {
    username: 'cliente_backfill',
    email: 'cliente-backfill@example.com',
    password: 'senha-forte-1',
  });
  expect(created.statusCode).toBe(201);
  const clientId = created.json<{ id: string }>().id;
  const token = await t.tokenFor({ id: clientId, username: 'cliente_backfill', role: 'client' });
  client = {
    id: clientId,
    username: 'cliente_backfill',
    email: 'cliente-backfill@example.com',
    password: 'senha-forte-1',
    role: 'client',
    token,
    headers: { authorization: `Bearer ${token}` },
  };
  await approvedDeposit(100);
  const refunded = await approvedDeposit(30);
  const bought = await t.as(client).post('/api/shop/purchase', {
    productId: shopProduct.id,
    durationType: 'monthly',
  });
  expect(bought.statusCode).toBe(200);
  reseller = await t.createResellerViaAdmin(admin.headers, 200);
  const keys = await t.as(reseller).post('/api/reseller/keys', {
    productId: keysProduct.id,
    durationType: 'weekly',
    quantity: 4,
  });
  expect(keys.statusCode).toBe(201);
  const resellerKeys = keys.json<BuyKeysResponse>().keys;
  const adminKeys = await t.as(admin).post('/api/keys', {
    productId: keysProduct.id,
    days: 7,
    quantity: 1,
  });
  expect(adminKeys.statusCode).toBe(201);
  await t.createUser({ username: 'antigo_sem_evento' });
  // The handlers that follow the answers count each day's facts before the clock moves on.
  await t.app.outbox.idle();

  t.clock.set(DAY_B);
  admin = await signedNow(admin);
  client = await signedNow(client);
  for (const key of [
    resellerKeys[0],
    resellerKeys[1],
    adminKeys.json<{ keys: string[] }>().keys[0],
  ]) {
    expect((await t.as(client).post('/api/client/redeem-key', { keyValue: key })).statusCode).toBe(
      200,
    );
  }
  // A gateway refund, as the deposits service makes it: the row, then its event.
  await t.database.db
    .updateTable('deposits')
    .set({ status: 'refunded', refunded_at: t.clock.now() })
    .where('id', '=', refunded)
    .execute();
  await t.app.outbox.record(t.database.db, 'deposit.refunded', {
    depositId: refunded,
    userId: client.id,
    amountCents: 3_000,
    reference: 'REF',
    orderId: null,
    balanceAfterCents: 0,
  });
  await t.app.outbox.idle();
  t.clock.set(TODAY);
});
afterAll(() => t.close());

describe('npm run analytics:backfill', () => {
  it('adds to what the handlers counted only the facts they never saw', async () => {
    const byHandlers = await counters();
    const summary = await runAnalyticsBackfill(t.database.db, t.database.dialect, {
      now: t.clock.now(),
    });
    expect(summary.counted).toEqual({
      deposits: 0,
      refunds: 0,
      orders: 0,
      resellerKeys: 0,
      // The user inserted without an event (the admin is staff: not a sign-up).
      signups: 1,
      redemptions: 0,
    });
    const after = await counters();
    expect(without(after, METRICS.signups)).toEqual(without(byHandlers, METRICS.signups));
    expect(after.find((row) => row.metric === METRICS.signups)).toEqual({
      metric: METRICS.signups,
      dimension: '',
      day: '2026-05-04',
      value: 3,
    });
  });

  it('counts from the source tables alone what handlers and backfill counted together', async () => {
    const together = await counters();
    await forgetCounters();
    const summary = await runAnalyticsBackfill(t.database.db, t.database.dialect, {
      now: t.clock.now(),
      // Small chunks: the chunking must not change a total.
      chunkRows: 2,
    });
    expect(summary.counted).toEqual({
      deposits: 2,
      refunds: 1,
      orders: 1,
      resellerKeys: 1,
      signups: 3,
      redemptions: 3,
    });
    expect(await counters()).toEqual(together);

    const both = `${reseller.id}/${keysProduct.id}`;
    expect(await dayValues(t.database.db, '2026-05-04')).toEqual({
      [METRICS.signups]: 3,
      [METRICS.depositsCents]: 13_000,
      [METRICS.depositsCount]: 2,
      [METRICS.salesCents]: 2_990 + 1_600,
      [METRICS.salesCount]: 1 + 4,
      [`${METRICS.productSalesCents}|${shopProduct.id}`]: 2_990,
      [`${METRICS.productSalesCount}|${shopProduct.id}`]: 1,
      [`${METRICS.productSalesCents}|${keysProduct.id}`]: 1_600,
      [`${METRICS.productSalesCount}|${keysProduct.id}`]: 4,
      [`${METRICS.resellerKeysSold}|${reseller.id}`]: 4,
      [`${METRICS.resellerSpentCents}|${reseller.id}`]: 1_600,
      [`${METRICS.resellerProductKeysSold}|${both}`]: 4,
      [`${METRICS.resellerProductSpentCents}|${both}`]: 1_600,
      // The shop purchase's subscription, running at the end of the day (backfilled).
      [METRICS.activeSubscriptions]: 1,
    });
    expect(await dayValues(t.database.db, '2026-05-05')).toEqual({
      [METRICS.refundsCents]: 3_000,
      [METRICS.redemptions]: 3,
      [`${METRICS.productRedemptions}|${keysProduct.id}`]: 3,
      [`${METRICS.resellerKeysRedeemed}|${reseller.id}`]: 2,
      [`${METRICS.resellerProductKeysRedeemed}|${both}`]: 2,
      [METRICS.activeSubscriptions]: 2,
    });
  });

  it('changes nothing when run again, nor when every handler delivers its event again', async () => {
    const before = await dailyRows(t.database.db);
    const again = await runAnalyticsBackfill(t.database.db, t.database.dialect, {
      now: t.clock.now(),
    });
    expect(Object.values(again.counted)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(again.activeSubscriptionDays).toBe(0);

    const deliveries = await t.database.db
      .updateTable('event_deliveries')
      .set({ status: 'dead' })
      .where('handler', 'like', 'analytics.%')
      .where('status', '=', 'done')
      .returning(['event_id', 'handler'])
      .execute();
    // Sign-ups (2 by the admin), deposits (2), refund, purchase, keys, redemptions (3).
    expect(deliveries).toHaveLength(10);
    for (const delivery of deliveries) {
      await t.app.outbox.requeue({ eventId: delivery.event_id, handler: delivery.handler });
    }
    expect(await t.app.outbox.drain()).toBe(10);
    expect(await dailyRows(t.database.db)).toEqual(before);
  });
});

describe('active subscriptions of days never sampled', () => {
  it('fills days from the first subscription to yesterday, keeping the days the sampler saw', async () => {
    // Run already: the shop plan (day A → 30 days) and the redeemed keys (day B → 21 days).
    expect(
      (await dailyRows(t.database.db))
        .filter((row) => row.metric === METRICS.activeSubscriptions && row.day >= '2026-05-01')
        .map((row) => [row.day, row.value]),
    ).toEqual([
      ['2026-05-04', 1],
      ['2026-05-05', 2],
      ['2026-05-06', 2],
      ['2026-05-07', 2],
    ]);
    // A sampled day is the sampler's: the backfill leaves it.
    await t.database.db
      .updateTable('analytics_daily')
      .set({ value: 42 })
      .where('metric', '=', METRICS.activeSubscriptions)
      .where('day', '=', '2026-05-06')
      .execute();
    await t.database.db
      .deleteFrom('analytics_daily')
      .where('metric', '=', METRICS.activeSubscriptions)
      .where('day', '=', '2026-05-07')
      .execute();
    const summary = await runAnalyticsBackfill(t.database.db, t.database.dialect, {
      now: t.clock.now(),
    });
    expect(summary.activeSubscriptionDays).toBe(1);
    expect(await dayValues(t.database.db, '2026-05-06')).toMatchObject({
      [METRICS.activeSubscriptions]: 42,
    });
    expect(await dayValues(t.database.db, '2026-05-07')).toMatchObject({
      [METRICS.activeSubscriptions]: 2,
    });
  });

  it('sums the changes per day into running totals up to yesterday', () => {
    expect(
      runningPerDay(
        [
          { day: '2026-02-27', delta: 2 },
          { day: '2026-03-01', delta: -1 },
          { day: '2026-03-03', delta: 5 },
        ],
        '2026-03-03',
      ),
    ).toEqual([
      { day: '2026-02-27', value: 2 },
      { day: '2026-02-28', value: 2 },
      { day: '2026-03-01', value: 1 },
      { day: '2026-03-02', value: 1 },
    ]);
  });
});
