import type { AnalyticsQuery } from '@chaveiro/contract';
import { analyticsResponseSchema, resellerAnalyticsResponseSchema } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../platform/core/calendar.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { METRICS } from './analytics-metrics.js';
import { resellerProductDimension } from './analytics-handlers.js';
import { createAnalyticsRepository } from './analytics-repository.js';
import type { AnalyticsService } from './analytics-service.js';
import { createAnalyticsService } from './analytics-service.js';
import { clearRollups } from './analytics-testing.js';
import { createTtlCache } from '../../platform/state/ttl-cache.js';
import { createExpiringReads } from './analytics-expiring-reads.js';

// The manual clock starts at 2026-01-15T12:00Z: 09:00 of 2026-01-15 in São Paulo, the last
// closed day being 2026-01-13.
const TODAY = '2026-01-15';
const MINUTE = 60_000;

let t: TestApp;
let admin: TestUser;
let reseller: TestUser;
let productIds: string[];
/** The same answers read live, every day, every time: what the kept parts must not change. */
let reference: AnalyticsService;

/** A fixed pseudo-random sequence, so a failure replays. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.jobs.analyticsSampler.stop();
  await clearRollups(t);
  admin = await t.createUser({ role: 'admin' });
  reseller = await t.createUser({ role: 'reseller', username: 'revenda_fechada' });
  const other = await t.createUser({ role: 'reseller', username: 'revenda_outra' });
  productIds = [
    (await t.fixtures.product({ name: 'Alpha' })).id,
    (await t.fixtures.product({ name: 'Beta' })).id,
  ];
  const next = numbers(42);
  const rows: { metric: string; dimension: string; day: string; value: number }[] = [];
  const global = [
    METRICS.depositsCents,
    METRICS.depositsCount,
    METRICS.salesCents,
    METRICS.salesCount,
    METRICS.signups,
    METRICS.redemptions,
    METRICS.activeSubscriptions,
    METRICS.onlinePeak,
    METRICS.onlineSum,
    METRICS.onlineSamples,
    METRICS.onlineUsers,
    METRICS.activeUsers,
  ];
  // 200 days up to today, a few metrics missing on some days.
  for (let back = 0; back < 200; back += 1) {
    const day = addDays(TODAY, -back);
    for (const metric of global) {
      if (next(5) > 0) rows.push({ metric, dimension: '', day, value: 1 + next(900) });
    }
    for (const productId of productIds) {
      rows.push({
        metric: METRICS.productSalesCents,
        dimension: productId,
        day,
        value: next(5000),
      });
      rows.push({ metric: METRICS.productSalesCount, dimension: productId, day, value: next(9) });
      if (next(3) === 0) {
        rows.push({ metric: METRICS.productRedemptions, dimension: productId, day, value: 1 });
      }
    }
    for (const seller of [reseller.id, other.id]) {
      const sold = next(4);
      if (sold === 0) continue;
      const productId = productIds[next(2)] ?? '';
      const both = resellerProductDimension(seller, productId);
      rows.push(
        { metric: METRICS.resellerKeysSold, dimension: seller, day, value: sold },
        { metric: METRICS.resellerSpentCents, dimension: seller, day, value: sold * 1_000 },
        { metric: METRICS.resellerProductKeysSold, dimension: both, day, value: sold },
        { metric: METRICS.resellerProductSpentCents, dimension: both, day, value: sold * 1_000 },
      );
    }
  }
  await t.database.db.insertInto('analytics_daily').values(rows).execute();
  // The last 24 h of minute samples, one in three minutes missing.
  const now = t.clock.now();
  const minutes = [];
  for (let minute = now - (now % MINUTE) - 24 * 60 * MINUTE; minute < now; minute += MINUTE) {
    if (next(3) > 0) minutes.push({ minute, users: next(50) });
  }
  await t.database.db.insertInto('analytics_online_minutes').values(minutes).execute();
  reference = createAnalyticsService({
    clock: t.clock,
    // Keeps nothing: every answer read afresh.
    cache: { live: (_key, load) => load() },
    repository: createAnalyticsRepository(t.database.db, t.database.dialect),
    expiring: createExpiringReads({
      ...t.database,
      backgroundReads: t.database.db,
      subscriptionCounts: createTtlCache(0),
    }),
  });
});
afterAll(() => t.close());

const queries: (AnalyticsQuery & { label: string })[] = [
  { label: 'the last 7 days', period: '7' },
  { label: 'the last 90 days', period: '90' },
  { label: 'a range ending on the last closed day', from: '2025-12-01', to: '2026-01-13' },
  { label: 'a range ending yesterday', from: '2026-01-01', to: '2026-01-14' },
  { label: 'the two live days only', from: '2026-01-14', to: TODAY },
  { label: 'a closed range only', from: '2025-10-01', to: '2025-11-30' },
  { label: 'a year, past the first row', from: '2025-01-16', to: TODAY },
];

function search(query: AnalyticsQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name !== 'label' && typeof value === 'string') params.set(name, value);
  }
  return params.toString();
}

/**
 * The HTTP answers of every query, checked against the live reads and against their schemas
 * (the routes serialise without them: nothing missing, nothing extra).
 */
async function expectSameAsLive() {
  for (const query of queries) {
    const overview = await t.as(admin).get(`/api/analytics?${search(query)}`);
    expect(overview.statusCode, query.label).toBe(200);
    expect(analyticsResponseSchema.parse(overview.json())).toEqual(overview.json());
    expect(overview.json(), query.label).toEqual(
      JSON.parse(JSON.stringify(await reference.overview(query))),
    );
    const own = await t.as(reseller).get(`/api/reseller/analytics?${search(query)}`);
    expect(own.statusCode, query.label).toBe(200);
    expect(resellerAnalyticsResponseSchema.parse(own.json())).toEqual(own.json());
    expect(own.json(), query.label).toEqual(
      JSON.parse(JSON.stringify(await reference.reseller(reseller.id, query))),
    );
  }
}

/** A reseller's purchase at `at`, through the outbox and the analytics handler. */
async function purchase(at: number, quantity: number) {
  await t.app.outbox.transaction((trx) =>
    t.app.outbox.record(trx, 'reseller.keys_purchased', {
      resellerId: reseller.id,
      productId: productIds[0] ?? '',
      durationType: 'monthly',
      quantity,
      unitCents: 1_000,
      totalCents: quantity * 1_000,
      at,
    }),
  );
  await t.app.outbox.idle();
}

describe('analytics kept parts', () => {
  it('answers every range as reading every day live would, when its closed part is read and when it is kept', async () => {
    await expectSameAsLive();
    await expectSameAsLive();
  });

  it("shows another process's write to a closed day (a backfill) within five minutes", async () => {
    const before = (await t.as(admin).get('/api/analytics?period=90')).json<{
      totals: { current: { signups: number } };
    }>();
    await t.database.db
      .updateTable('analytics_daily')
      .set((eb) => ({ value: eb('value', '+', 1_000) }))
      .where('metric', '=', METRICS.signups)
      .where('dimension', '=', '')
      .where('day', '=', '2025-12-20')
      .execute();
    const unchanged = (await t.as(admin).get('/api/analytics?period=90')).json<typeof before>();
    expect(unchanged.totals.current.signups).toBe(before.totals.current.signups);

    t.clock.advance(5 * MINUTE);
    const after = (await t.as(admin).get('/api/analytics?period=90')).json<typeof before>();
    expect(after.totals.current.signups).toBe(before.totals.current.signups + 1_000);
    await expectSameAsLive();
  });

  it('shows a fact counted today, and a minute sample, at once', async () => {
    await expectSameAsLive();
    await purchase(t.clock.now(), 3);
    await expectSameAsLive();

    await expectSameAsLive();
    t.clock.advance(MINUTE);
    const sampled = await t.app.jobs.analyticsSampler.runOnce();
    expect(sampled).toMatchObject({ counted: true });
    await expectSameAsLive();
  });

  it('names products and resellers as they are now, though the figures are kept', async () => {
    await expectSameAsLive();
    const productId = productIds[1] ?? '';
    await t.database.db
      .updateTable('products')
      .set({ name: 'Beta Renomeado' })
      .where('id', '=', productId)
      .execute();
    await t.database.db
      .updateTable('users')
      .set({ username: 'revenda_renomeada' })
      .where('id', '=', reseller.id)
      .execute();
    await expectSameAsLive();
    const body = (await t.as(admin).get('/api/analytics?period=90')).json<{
      products: { productId: string; name: string }[];
      resellers: { resellerId: string; username: string }[];
    }>();
    expect(body.products.find((row) => row.productId === productId)?.name).toBe('Beta Renomeado');
    expect(body.resellers.find((row) => row.resellerId === reseller.id)?.username).toBe(
      'revenda_renomeada',
    );
  });

  it("shows another process's write to today within ten seconds", async () => {
    await expectSameAsLive();
    await t.database.db
      .updateTable('analytics_daily')
      .set((eb) => ({ value: eb('value', '+', 5) }))
      .where('metric', '=', METRICS.signups)
      .where('dimension', '=', '')
      .where('day', '=', TODAY)
      .execute();
    t.clock.advance(10_000);
    await expectSameAsLive();
  });

  it('shows a fact counted on a closed day at once, on every answer', async () => {
    await expectSameAsLive();
    // 12:00 São Paulo, ten days ago: a closed day.
    await purchase(Date.UTC(2026, 0, 5, 15), 7);
    await expectSameAsLive();
    const own = (
      await t.as(reseller).get('/api/reseller/analytics?from=2026-01-05&to=2026-01-05')
    ).json<{ totals: { current: { keysSold: number } } }>();
    expect(own.totals.current.keysSold).toBeGreaterThanOrEqual(7);
  });
});
