import type {
  AnalyticsResponse,
  ExpiringResponse,
  ResellerAnalyticsResponse,
} from '@chaveiro/contract';
import { analyticsMessages, expiringResponseSchema } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { newId } from '../../platform/core/ids.js';
import { METRICS } from './analytics-metrics.js';
import { clearRollups } from './analytics-testing.js';

// The manual clock starts at 2026-01-15T12:00Z: 09:00 of 2026-01-15 in São Paulo.
let t: TestApp;
let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Every rollup row here is written by hand: no minute sample of the test's clock.
  await t.app.jobs.analyticsSampler.stop();
  await clearRollups(t);
  admin = await t.createUser({ role: 'admin' });
  client = await t.createUser();
});
afterAll(() => t.close());

/** Rollup rows written straight into analytics_daily, as handlers and the sampler would. */
async function put(
  rows: [metric: string, dimension: string, day: string, value: number][],
): Promise<void> {
  await t.database.db
    .insertInto('analytics_daily')
    .values(rows.map(([metric, dimension, day, value]) => ({ metric, dimension, day, value })))
    .execute();
}

/** A series day with nothing in it. */
const empty = (day: string) => ({
  day,
  deposits: 0,
  depositsCount: 0,
  refunds: 0,
  sales: 0,
  salesCount: 0,
  signups: 0,
  redemptions: 0,
  activeSubscriptions: null,
  onlinePeak: null,
  onlineAverage: null,
  givenBackMs: 0,
});

const HOUR = 60 * 60 * 1000;

describe('GET /api/analytics', () => {
  let productA: { id: string; name: string };
  let productB: { id: string; name: string };
  let productC: { id: string; name: string };
  const goneProduct = newId();
  let resellerA: TestUser;
  let resellerB: TestUser;
  const goneReseller = newId();

  beforeAll(async () => {
    productA = await t.fixtures.product({ name: 'Alpha' });
    productB = await t.fixtures.product({ name: 'Beta' });
    productC = await t.fixtures.product({ name: 'Gama' });
    resellerA = await t.createUser({ role: 'reseller', username: 'revenda_a' });
    resellerB = await t.createUser({ role: 'reseller', username: 'revenda_b' });
    const g = '';
    await put([
      // Outside both periods: never counted.
      [METRICS.depositsCents, g, '2026-01-01', 99_999],
      [METRICS.depositsCount, g, '2026-01-01', 9],
      // The previous period of ?period=7 (2026-01-02 … 2026-01-08).
      [METRICS.signups, g, '2026-01-02', 2],
      [METRICS.depositsCents, g, '2026-01-05', 500],
      [METRICS.depositsCount, g, '2026-01-05', 1],
      [METRICS.activeSubscriptions, g, '2026-01-07', 30],
      [METRICS.salesCents, g, '2026-01-08', 1_000],
      [METRICS.salesCount, g, '2026-01-08', 1],
      [METRICS.onlinePeak, g, '2026-01-08', 4],
      [METRICS.onlineSum, g, '2026-01-08', 10],
      [METRICS.onlineSamples, g, '2026-01-08', 4],
      // The four cards at the end of 2026-01-08: the baseline.
      [METRICS.onlineUsers, g, '2026-01-08', 3],
      [METRICS.activeUsers, g, '2026-01-08', 20],
      [METRICS.bannedUsers, g, '2026-01-08', 1],
      [METRICS.expiredSubscriptions, g, '2026-01-08', 4],
      // The period itself (2026-01-09 … 2026-01-15).
      [METRICS.depositsCents, g, '2026-01-09', 1_050],
      [METRICS.depositsCount, g, '2026-01-09', 1],
      [METRICS.signups, g, '2026-01-09', 4],
      [METRICS.refundsCents, g, '2026-01-10', 300],
      [METRICS.activeSubscriptions, g, '2026-01-10', 40],
      [METRICS.salesCents, g, '2026-01-12', 4_990],
      [METRICS.salesCount, g, '2026-01-12', 3],
      [METRICS.redemptions, g, '2026-01-13', 6],
      [METRICS.activeSubscriptions, g, '2026-01-13', 42],
      [METRICS.onlinePeak, g, '2026-01-13', 7],
      [METRICS.onlineSum, g, '2026-01-13', 100],
      [METRICS.onlineSamples, g, '2026-01-13', 30],
      [METRICS.onlinePeak, g, '2026-01-14', 9],
      [METRICS.onlineSum, g, '2026-01-14', 50],
      [METRICS.onlineSamples, g, '2026-01-14', 20],
      [METRICS.depositsCents, g, '2026-01-15', 2_000],
      [METRICS.depositsCount, g, '2026-01-15', 2],
      [METRICS.signups, g, '2026-01-15', 1],
      // Products: Alpha's earlier sale is outside the range.
      [METRICS.productSalesCents, productA.id, '2026-01-05', 10_000],
      [METRICS.productSalesCount, productA.id, '2026-01-05', 5],
      [METRICS.productSalesCents, productA.id, '2026-01-12', 2_990],
      [METRICS.productSalesCount, productA.id, '2026-01-12', 2],
      [METRICS.productRedemptions, productA.id, '2026-01-13', 1],
      [METRICS.productSalesCents, productB.id, '2026-01-12', 2_000],
      [METRICS.productSalesCount, productB.id, '2026-01-12', 1],
      [METRICS.productRedemptions, productB.id, '2026-01-13', 4],
      [METRICS.productRedemptions, productB.id, '2026-01-14', 1],
      [METRICS.productRedemptions, goneProduct, '2026-01-14', 1],
      // Time given back: Alpha's freezes ended in both periods, Gama's (no sale) in this one.
      [METRICS.givenBackMs, g, '2026-01-06', 5 * HOUR],
      [METRICS.productGivenBackMs, productA.id, '2026-01-06', 5 * HOUR],
      [METRICS.givenBackMs, g, '2026-01-11', 52 * HOUR],
      [METRICS.productGivenBackMs, productA.id, '2026-01-11', 50 * HOUR],
      [METRICS.productGivenBackMs, productC.id, '2026-01-11', 2 * HOUR],
      [METRICS.givenBackMs, g, '2026-01-14', 30 * 60_000],
      [METRICS.productGivenBackMs, productC.id, '2026-01-14', 30 * 60_000],
      // Resellers: A and B tie on 80 keys (then by id), the deleted one sold 5.
      [METRICS.resellerKeysSold, resellerA.id, '2026-01-10', 50],
      [METRICS.resellerKeysSold, resellerA.id, '2026-01-11', 30],
      [METRICS.resellerKeysRedeemed, resellerA.id, '2026-01-12', 12],
      [METRICS.resellerSpentCents, resellerA.id, '2026-01-10', 25_000],
      [METRICS.resellerSpentCents, resellerA.id, '2026-01-11', 15_050],
      [METRICS.resellerKeysSold, resellerB.id, '2026-01-09', 80],
      [METRICS.resellerSpentCents, resellerB.id, '2026-01-09', 64_000],
      [METRICS.resellerKeysRedeemed, resellerB.id, '2026-01-02', 70],
      [METRICS.resellerKeysSold, goneReseller, '2026-01-14', 5],
      [METRICS.resellerKeysSold, 'z-previous-only', '2026-01-08', 500],
      ...Array.from(
        { length: 9 },
        (_, i) => [METRICS.resellerKeysSold, `filler-${String(i)}`, '2026-01-15', 1] as const,
      ).map((row) => [...row] as [string, string, string, number]),
    ]);
    // Online minute samples: the first is just before the 24 h window (12:10 the day before).
    const minute = (iso: string, users: number) => ({ minute: Date.parse(iso), users });
    await t.database.db
      .insertInto('analytics_online_minutes')
      .values([
        minute('2026-01-14T12:09:00Z', 50),
        minute('2026-01-14T12:10:00Z', 4),
        minute('2026-01-14T12:15:00Z', 6),
        minute('2026-01-14T12:19:00Z', 5),
        minute('2026-01-15T11:59:00Z', 2),
        minute('2026-01-15T12:00:00Z', 3),
      ])
      .execute();
  });

  it('answers the last 7 days with every series, totals, previous period and baseline', async () => {
    const response = await t.as(admin).get('/api/analytics?period=7');
    expect(response.statusCode).toBe(200);
    const body = response.json<AnalyticsResponse>();
    expect(body).toMatchObject({
      from: '2026-01-09',
      to: '2026-01-15',
      previousFrom: '2026-01-02',
      previousTo: '2026-01-08',
      days: 7,
    });
    expect(body.series).toEqual([
      { ...empty('2026-01-09'), deposits: 10.5, depositsCount: 1, signups: 4 },
      { ...empty('2026-01-10'), refunds: 3, activeSubscriptions: 40 },
      { ...empty('2026-01-11'), givenBackMs: 52 * HOUR },
      { ...empty('2026-01-12'), sales: 49.9, salesCount: 3 },
      {
        ...empty('2026-01-13'),
        redemptions: 6,
        activeSubscriptions: 42,
        onlinePeak: 7,
        // 100 / 30 = 3.33…
        onlineAverage: 3.3,
      },
      { ...empty('2026-01-14'), onlinePeak: 9, onlineAverage: 2.5, givenBackMs: 30 * 60_000 },
      { ...empty('2026-01-15'), deposits: 20, depositsCount: 2, signups: 1 },
    ]);
    expect(body.totals).toEqual({
      current: {
        deposits: 30.5,
        depositsCount: 3,
        refunds: 3,
        sales: 49.9,
        salesCount: 3,
        signups: 5,
        redemptions: 6,
        // The last day with a sample (2026-01-13), not the sum.
        activeSubscriptions: 42,
        onlinePeak: 9,
        // (100 + 50) / (30 + 20)
        onlineAverage: 3,
        givenBackMs: 52 * HOUR + 30 * 60_000,
      },
      previous: {
        deposits: 5,
        depositsCount: 1,
        refunds: 0,
        sales: 10,
        salesCount: 1,
        signups: 2,
        redemptions: 0,
        activeSubscriptions: 30,
        onlinePeak: 4,
        onlineAverage: 2.5,
        givenBackMs: 5 * HOUR,
      },
    });
    expect(body.baseline).toEqual({
      day: '2026-01-08',
      onlineUsers: 3,
      activeUsers: 20,
      bannedUsers: 1,
      expiredSubscriptions: 4,
    });
  });

  it('ranks products by revenue in the range, naming a deleted one, with the time each gave back', async () => {
    const body = (await t.as(admin).get('/api/analytics?period=7')).json<AnalyticsResponse>();
    expect(body.products).toEqual([
      {
        productId: productA.id,
        name: 'Alpha',
        salesCount: 2,
        sales: 29.9,
        redemptions: 1,
        givenBackMs: 50 * HOUR,
      },
      {
        productId: productB.id,
        name: 'Beta',
        salesCount: 1,
        sales: 20,
        redemptions: 5,
        givenBackMs: 0,
      },
      {
        productId: goneProduct,
        name: 'Produto excluído',
        salesCount: 0,
        sales: 0,
        redemptions: 1,
        givenBackMs: 0,
      },
      // Listed for the time it gave back alone.
      {
        productId: productC.id,
        name: 'Gama',
        salesCount: 0,
        sales: 0,
        redemptions: 0,
        givenBackMs: 2 * HOUR + 30 * 60_000,
      },
    ]);
  });

  it('ranks the top 10 resellers by keys sold in the range', async () => {
    const body = (await t.as(admin).get('/api/analytics?period=7')).json<AnalyticsResponse>();
    const [first, second] = [resellerA, resellerB].sort((a, b) => (a.id < b.id ? -1 : 1));
    const rank = (r: TestUser | undefined) =>
      r === resellerA
        ? {
            resellerId: resellerA.id,
            username: 'revenda_a',
            keysSold: 80,
            keysRedeemed: 12,
            spent: 400.5,
          }
        : {
            resellerId: resellerB.id,
            username: 'revenda_b',
            keysSold: 80,
            // B's 70 redemptions were in the previous period.
            keysRedeemed: 0,
            spent: 640,
          };
    expect(body.resellers).toEqual([
      rank(first),
      rank(second),
      { resellerId: goneReseller, username: null, keysSold: 5, keysRedeemed: 0, spent: 0 },
      ...Array.from({ length: 7 }, (_, i) => ({
        resellerId: `filler-${String(i)}`,
        username: null,
        keysSold: 1,
        keysRedeemed: 0,
        spent: 0,
      })),
    ]);
  });

  it('charts the last 24 h of online users in 10-minute buckets (the highest sample)', async () => {
    const body = (await t.as(admin).get('/api/analytics')).json<AnalyticsResponse>();
    expect(body.recentOnline).toEqual([
      { at: '2026-01-14T12:10:00.000Z', users: 6 },
      { at: '2026-01-15T11:50:00.000Z', users: 2 },
      { at: '2026-01-15T12:00:00.000Z', users: 3 },
    ]);
  });

  it('defaults to the last 30 days, compared with the 30 before', async () => {
    const body = (await t.as(admin).get('/api/analytics')).json<AnalyticsResponse>();
    expect(body).toMatchObject({
      from: '2025-12-17',
      to: '2026-01-15',
      previousFrom: '2025-11-17',
      previousTo: '2025-12-16',
      days: 30,
    });
    expect(body.series).toHaveLength(30);
    expect(body.series[0]).toEqual(empty('2025-12-17'));
    // 999,99 on 2026-01-01, 5,00 on the 5th, 30,50 in the last week.
    expect(body.totals.current).toMatchObject({ deposits: 1035.49, depositsCount: 13 });
    expect(body.totals.current.salesCount).toBe(4);
    const { day: _day, ...nothing } = empty('2025-11-17');
    expect(body.totals.previous).toEqual(nothing);
    // Nothing sampled on 2025-12-16.
    expect(body.baseline).toBeNull();
  });

  it('answers a custom range, its previous period the same length before it', async () => {
    const response = await t.as(admin).get('/api/analytics?from=2026-01-12&to=2026-01-13');
    expect(response.statusCode).toBe(200);
    const body = response.json<AnalyticsResponse>();
    expect(body).toMatchObject({
      from: '2026-01-12',
      to: '2026-01-13',
      previousFrom: '2026-01-10',
      previousTo: '2026-01-11',
      days: 2,
      baseline: null,
    });
    expect(body.series.map((day) => day.day)).toEqual(['2026-01-12', '2026-01-13']);
    expect(body.totals.current).toMatchObject({ sales: 49.9, redemptions: 6 });
    expect(body.totals.previous).toMatchObject({ refunds: 3, activeSubscriptions: 40 });
    expect(body.products.map((p) => p.name)).toEqual(['Alpha', 'Beta']);
    expect(body.resellers).toEqual([]);
  });

  it('follows the São Paulo day: 02:59 UTC is still yesterday there', async () => {
    const now = t.clock.now();
    const toAt = async (epochMs: number) => {
      t.clock.set(epochMs);
      // A session signed at that time (the test's tokens last 12 h).
      const headers = { authorization: `Bearer ${await t.tokenFor(admin)}` };
      return (await t.as(headers).get('/api/analytics?period=7')).json<AnalyticsResponse>().to;
    };
    try {
      expect(await toAt(Date.UTC(2026, 0, 16, 2, 59))).toBe('2026-01-15');
      expect(await toAt(Date.UTC(2026, 0, 16, 3, 0))).toBe('2026-01-16');
    } finally {
      t.clock.set(now);
    }
  });

  it.each([
    ['period=15', analyticsMessages.invalidPeriod],
    ['from=2026-13-01&to=2026-01-02', analyticsMessages.invalidFrom],
    ['from=2026-01-01&to=ontem', analyticsMessages.invalidTo],
    ['from=2026-01-01', analyticsMessages.bothDates],
    ['period=7&from=2026-01-01&to=2026-01-02', analyticsMessages.periodOrDates],
    ['from=2026-01-10&to=2026-01-09', analyticsMessages.fromAfterTo],
    ['from=2025-01-01&to=2026-01-15', analyticsMessages.rangeTooLong],
    ['from=2026-01-10&to=2026-01-16', analyticsMessages.futureTo],
    // Year 0 once walked its previous period forever (ISO years below 0 are not YYYY-MM-DD).
    ['from=0000-01-01&to=0000-01-02', analyticsMessages.tooEarly],
    ['from=1999-12-31&to=2000-01-01', analyticsMessages.tooEarly],
  ])('refuses ?%s with a pt-BR 400', async (query, message) => {
    const response = await t.as(admin).get(`/api/analytics?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('accepts the longest range, 366 days ending today', async () => {
    const response = await t.as(admin).get('/api/analytics?from=2025-01-15&to=2026-01-15');
    expect(response.statusCode).toBe(200);
    expect(response.json<AnalyticsResponse>().series).toHaveLength(366);
  });
});

describe('GET /api/analytics/expiring', () => {
  it('lists running subscriptions ending in 7 days, soonest first, priced at the plan nearest a month', async () => {
    const now = t.clock.now();
    const monthlyAndWeekly = await t.fixtures.product({
      name: 'Mensal',
      plans: { monthly: 2_990, weekly: 990 },
    });
    const noPlan = await t.fixtures.product({ name: 'Sem plano' });
    const dailyAndBiWeekly = await t.fixtures.product({
      name: 'Quinzenal',
      plans: { daily: 100, 'bi-weekly': 1_500 },
    });
    const user = (username: string) => t.createUser({ username });
    const [u1, u2, u3, u4, u5, u6, u7, u8, u9] = await Promise.all(
      ['ana', 'bia', 'caio', 'davi', 'eva', 'fabio', 'gil', 'hugo', 'ines'].map(user),
    );
    if (!u1 || !u2 || !u3 || !u4 || !u5 || !u6 || !u7 || !u8 || !u9) throw new Error('users');

    // Priced at each product's plan nearest a month: 29,90 whatever the term last bought.
    const s1 = await t.fixtures.subscription(u1.id, monthlyAndWeekly.id, {
      expiresAt: now + DAY,
    });
    const s2 = await t.fixtures.subscription(u2.id, monthlyAndWeekly.id, {
      expiresAt: now + 2 * DAY,
    });
    // A product without plans: no price.
    const s3 = await t.fixtures.subscription(u3.id, noPlan.id, { expiresAt: now + 3 * DAY });
    // No monthly plan: the bi-weekly one (15,00), not the daily.
    const s4 = await t.fixtures.subscription(u4.id, dailyAndBiWeekly.id, {
      expiresAt: now + 4 * DAY,
    });
    // Exactly 7 days ahead is still in.
    const s5 = await t.fixtures.subscription(u5.id, monthlyAndWeekly.id, {
      expiresAt: now + 7 * DAY,
    });
    // Out: a millisecond later, already over, ending right now, paused.
    await t.fixtures.subscription(u6.id, monthlyAndWeekly.id, { expiresAt: now + 7 * DAY + 1 });
    await t.fixtures.subscription(u7.id, monthlyAndWeekly.id, { expiresAt: now - 1 });
    await t.fixtures.subscription(u8.id, monthlyAndWeekly.id, { expiresAt: now });
    await t.fixtures.subscription(u9.id, monthlyAndWeekly.id, { status: 'paused' });

    const row = (
      sub: { id: string },
      owner: TestUser,
      product: { id: string; name: string },
      inDays: number,
      renewalPrice: number | null,
    ) => ({
      subscriptionId: sub.id,
      userId: owner.id,
      username: owner.username,
      productId: product.id,
      productName: product.name,
      expiresAt: new Date(now + inDays * DAY).toISOString(),
      renewalPrice,
    });
    const all = [
      row(s1, u1, monthlyAndWeekly, 1, 29.9),
      row(s2, u2, monthlyAndWeekly, 2, 29.9),
      row(s3, u3, noPlan, 3, null),
      row(s4, u4, dailyAndBiWeekly, 4, 15),
      row(s5, u5, monthlyAndWeekly, 7, 29.9),
    ];

    const first = await t.as(admin).get('/api/analytics/expiring?pageSize=2');
    expect(first.statusCode).toBe(200);
    // Serialised without the schema: it must hold all the same.
    expect(expiringResponseSchema.parse(first.json())).toEqual(first.json());
    expect(first.json<ExpiringResponse>()).toEqual({
      items: all.slice(0, 2),
      total: 5,
      page: 1,
      pageSize: 2,
      // Every row, not the page: 3 × 29,90 + 15,00.
      revenueAtStake: 104.7,
    });
    const last = (
      await t.as(admin).get('/api/analytics/expiring?pageSize=2&page=3')
    ).json<ExpiringResponse>();
    expect(last).toEqual({
      items: all.slice(4),
      total: 5,
      page: 3,
      pageSize: 2,
      revenueAtStake: 104.7,
    });
    const whole = (await t.as(admin).get('/api/analytics/expiring')).json<ExpiringResponse>();
    expect(whole.items).toEqual(all);
  });

  it('refuses a bad page with a pt-BR 400', async () => {
    const response = await t.as(admin).get('/api/analytics/expiring?page=0');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/reseller/analytics', () => {
  it('answers each reseller their own keys only, per day and per product', async () => {
    const product = await t.fixtures.product({ name: 'Revenda' });
    const other = await t.fixtures.product({ name: 'Outro' });
    const a = await t.createUser({ role: 'reseller' });
    const b = await t.createUser({ role: 'reseller' });
    await put([
      [METRICS.productSalesCount, product.id, '2026-01-14', 110],
      [METRICS.productSalesCount, other.id, '2026-01-14', 1],
      [METRICS.productRedemptions, other.id, '2026-01-15', 3],
      // A: 10 keys of one product on the 14th, 3 of the other redeemed on the 15th; 2 keys
      // in the previous period.
      [METRICS.resellerKeysSold, a.id, '2026-01-14', 10],
      [METRICS.resellerSpentCents, a.id, '2026-01-14', 4_500],
      [METRICS.resellerKeysRedeemed, a.id, '2026-01-15', 3],
      [METRICS.resellerKeysSold, a.id, '2026-01-05', 2],
      [METRICS.resellerSpentCents, a.id, '2026-01-05', 900],
      [METRICS.resellerProductKeysSold, `${a.id}/${product.id}`, '2026-01-14', 10],
      [METRICS.resellerProductSpentCents, `${a.id}/${product.id}`, '2026-01-14', 4_500],
      [METRICS.resellerProductKeysRedeemed, `${a.id}/${other.id}`, '2026-01-15', 3],
      // B: 100 keys of the same product the same day.
      [METRICS.resellerKeysSold, b.id, '2026-01-14', 100],
      [METRICS.resellerSpentCents, b.id, '2026-01-14', 40_000],
      [METRICS.resellerProductKeysSold, `${b.id}/${product.id}`, '2026-01-14', 100],
      [METRICS.resellerProductSpentCents, `${b.id}/${product.id}`, '2026-01-14', 40_000],
    ]);

    const response = await t.as(a).get('/api/reseller/analytics?period=7');
    expect(response.statusCode).toBe(200);
    const body = response.json<ResellerAnalyticsResponse>();
    const zero = (day: string) => ({ day, keysSold: 0, keysRedeemed: 0, spent: 0 });
    expect(body).toEqual({
      from: '2026-01-09',
      to: '2026-01-15',
      previousFrom: '2026-01-02',
      previousTo: '2026-01-08',
      days: 7,
      series: [
        zero('2026-01-09'),
        zero('2026-01-10'),
        zero('2026-01-11'),
        zero('2026-01-12'),
        zero('2026-01-13'),
        { day: '2026-01-14', keysSold: 10, keysRedeemed: 0, spent: 45 },
        { day: '2026-01-15', keysSold: 0, keysRedeemed: 3, spent: 0 },
      ],
      totals: {
        current: { keysSold: 10, keysRedeemed: 3, spent: 45 },
        previous: { keysSold: 2, keysRedeemed: 0, spent: 9 },
      },
      products: [
        { productId: product.id, name: 'Revenda', keysSold: 10, keysRedeemed: 0, spent: 45 },
        { productId: other.id, name: 'Outro', keysSold: 0, keysRedeemed: 3, spent: 0 },
      ],
    });

    const ofB = (
      await t.as(b).get('/api/reseller/analytics?period=7')
    ).json<ResellerAnalyticsResponse>();
    expect(ofB.totals.current).toEqual({ keysSold: 100, keysRedeemed: 0, spent: 400 });
    expect(ofB.products).toEqual([
      { productId: product.id, name: 'Revenda', keysSold: 100, keysRedeemed: 0, spent: 400 },
    ]);
  });

  it('refuses a future end with a pt-BR 400', async () => {
    const reseller = await t.createUser({ role: 'reseller' });
    const response = await t
      .as(reseller)
      .get('/api/reseller/analytics?from=2026-01-15&to=2026-01-16');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(analyticsMessages.futureTo);
  });
});

describe('roles', () => {
  it.each(['/api/analytics', '/api/analytics/expiring'])(
    '%s answers 401 without a session and 403 to a client or a reseller',
    async (url) => {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const reseller = await t.createUser({ role: 'reseller' });
      for (const user of [client, reseller]) {
        expect((await t.as(user).get(url)).statusCode).toBe(403);
      }
    },
  );

  it('/api/reseller/analytics answers 401 without a session and 403 to a client or an admin', async () => {
    const url = '/api/reseller/analytics';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const user of [client, admin]) {
      expect((await t.as(user).get(url)).statusCode).toBe(403);
    }
  });
});
