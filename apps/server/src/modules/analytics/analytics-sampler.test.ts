import type { MetricsResponse } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildApp } from '../../app.js';
import type { AppDatabase } from '../../platform/db/database.js';
import { createDatabase } from '../../platform/db/database.js';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { METRICS } from './analytics-metrics.js';
import type { SampleOutcome } from './analytics-sampler.js';
import { dayValues } from './analytics-testing.js';

let t: TestApp;
let admin: TestUser;
/** A second app on the same database (file or schema), as a second process would be. */
let second: { app: App; database: AppDatabase };

/** 2026-04-10 21:00 in São Paulo (00:00 UTC on the 11th): still the 10th there. */
const NINE_PM = Date.UTC(2026, 3, 11, 0, 0);
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.jobs.analyticsSampler.stop();
  const database = createDatabase(t.config);
  const app = await buildApp({ config: t.config, database, clock: t.clock, logger: false });
  await app.ready();
  await app.jobs.analyticsSampler.stop();
  second = { app, database };
  admin = await t.createUser({ role: 'admin', username: 'chefe_amostras' });
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.destroy();
  await t?.close();
});

async function cards(): Promise<MetricsResponse> {
  const token = await t.tokenFor(admin);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/dashboard/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<MetricsResponse>();
}

function minutesRow(minute: number) {
  return t.database.db
    .selectFrom('analytics_online_minutes')
    .select(['minute', 'users'])
    .where('minute', '=', minute)
    .execute();
}

function usageOf(subscriptionId: string) {
  return t.database.db
    .selectFrom('analytics_usage_daily')
    .select(['day', 'minutes'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('day')
    .execute();
}

describe('the minute sampler', () => {
  it('samples online users, the cards, running subscriptions and usage once per minute', async () => {
    t.clock.set(NINE_PM + 10_000);
    const product = await t.fixtures.product();
    const ana = await t.createUser();
    const bia = await t.createUser();
    const caio = await t.createUser();
    await t.createUser({ status: 'banned' });
    // Ana: two subscriptions online (one user); Bia: online; Caio: seen 2 minutes ago.
    const anaFirst = await t.fixtures.subscription(ana.id, product.id);
    const anaSecond = await t.fixtures.subscription(ana.id, (await t.fixtures.product()).id);
    const biaSub = await t.fixtures.subscription(bia.id, product.id);
    const caioSub = await t.fixtures.subscription(caio.id, product.id);
    // Expired yesterday (the expired card) and paused (neither running nor expired).
    await t.fixtures.subscription(caio.id, (await t.fixtures.product()).id, {
      expiresAt: t.clock.now() - DAY,
    });
    await t.fixtures.subscription(bia.id, (await t.fixtures.product()).id, { status: 'paused' });
    await t.fixtures.machine(anaFirst.id, 'HWID-ANA-1', t.clock.now() - 5_000);
    await t.fixtures.machine(anaSecond.id, 'HWID-ANA-2', t.clock.now() - 80_000);
    await t.fixtures.machine(biaSub.id, 'HWID-BIA', t.clock.now());
    await t.fixtures.machine(caioSub.id, 'HWID-CAIO', t.clock.now() - 2 * MINUTE);

    const live = await cards();
    expect(live).toEqual({
      onlineUsers: 2,
      activeUsers: 3,
      bannedUsers: 1,
      expiredSubscriptions: 1,
    });
    expect(await t.app.jobs.analyticsSampler.runOnce()).toEqual({
      minute: NINE_PM,
      counted: true,
      users: 2,
    });
    // Again within the minute: the minute is taken, nothing is added.
    t.clock.advance(30_000);
    expect(await t.app.jobs.analyticsSampler.runOnce()).toEqual({
      minute: NINE_PM,
      counted: false,
    });

    expect(await minutesRow(NINE_PM)).toEqual([{ minute: NINE_PM, users: 2 }]);
    const day = '2026-04-10';
    expect(await dayValues(t.database.db, day)).toEqual({
      [METRICS.onlineUsers]: 2,
      [METRICS.activeUsers]: 3,
      [METRICS.bannedUsers]: 1,
      [METRICS.expiredSubscriptions]: 1,
      [METRICS.activeSubscriptions]: 4,
      [METRICS.onlinePeak]: 2,
      [METRICS.onlineSum]: 2,
      [METRICS.onlineSamples]: 1,
    });
    expect(await usageOf(anaFirst.id)).toEqual([{ day, minutes: 1 }]);
    expect(await usageOf(anaSecond.id)).toEqual([{ day, minutes: 1 }]);
    expect(await usageOf(biaSub.id)).toEqual([{ day, minutes: 1 }]);
    expect(await usageOf(caioSub.id)).toEqual([]);

    // The next minute: Bia left (last seen over 90 s before), Caio is back, Ana's second machine
    // is too old now. The gauges take the last sample; the peak stays 2, the mean's sum grows.
    t.clock.set(NINE_PM + MINUTE + 45_000);
    await t.database.db
      .updateTable('machines')
      .set({ last_seen_at: t.clock.now() })
      .where('hwid', 'in', ['HWID-CAIO', 'HWID-ANA-1'])
      .execute();
    expect(await t.app.jobs.analyticsSampler.runOnce()).toEqual({
      minute: NINE_PM + MINUTE,
      counted: true,
      users: 2,
    });
    t.clock.set(NINE_PM + 2 * MINUTE + 20_000);
    // Caio gone again; Ana's first machine, seen 35 s ago, is still online.
    await t.database.db
      .updateTable('machines')
      .set({ last_seen_at: NINE_PM - DAY })
      .where('hwid', '=', 'HWID-CAIO')
      .execute();
    expect(await t.app.jobs.analyticsSampler.runOnce()).toMatchObject({ counted: true, users: 1 });

    expect(await dayValues(t.database.db, day)).toMatchObject({
      [METRICS.onlineUsers]: 1,
      [METRICS.onlinePeak]: 2,
      [METRICS.onlineSum]: 5,
      [METRICS.onlineSamples]: 3,
    });
    expect(await usageOf(anaFirst.id)).toEqual([{ day, minutes: 3 }]);
    expect(await usageOf(anaSecond.id)).toEqual([{ day, minutes: 1 }]);
    expect(await usageOf(biaSub.id)).toEqual([{ day, minutes: 1 }]);
    expect(await usageOf(caioSub.id)).toEqual([{ day, minutes: 1 }]);
  });

  it('counts a minute sampled by two apps on one database once', async () => {
    const minute = NINE_PM + 10 * MINUTE;
    t.clock.set(minute + 5_000);
    const before = await dayValues(t.database.db, '2026-04-10');
    const runs = [t.app, second.app, t.app, second.app].map(
      (app) => () => app.jobs.analyticsSampler.runOnce(),
    );
    // On PostgreSQL the two race for real. Two SQLite connections in one process cannot: the
    // second's BEGIN IMMEDIATE waits synchronously (busy_timeout), blocking the event loop the
    // first needs to commit; one after the other they show the same (separate processes race).
    const outcomes =
      t.database.dialect === 'postgres'
        ? await Promise.all(runs.map((run) => run()))
        : await runs.reduce<Promise<SampleOutcome[]>>(
            async (done, run) => [...(await done), await run()],
            Promise.resolve([]),
          );
    expect(outcomes.filter((outcome) => outcome.counted)).toHaveLength(1);
    expect(outcomes.every((outcome) => outcome.minute === minute)).toBe(true);
    const after = await dayValues(t.database.db, '2026-04-10');
    expect(after[METRICS.onlineSamples]).toBe((before[METRICS.onlineSamples] ?? 0) + 1);
    expect(await minutesRow(minute)).toHaveLength(1);
  });

  it('samples the presence the loader noted but had not written yet', async () => {
    const minute = NINE_PM + 20 * MINUTE;
    t.clock.set(minute + 1_000);
    const machine = await t.database.db
      .selectFrom('machines')
      .select('id')
      .where('hwid', '=', 'HWID-CAIO')
      .executeTakeFirstOrThrow();
    // A heartbeat noted in memory only; the sample flushes it first.
    t.app.jobs.loaderPresence.seen(machine.id, t.clock.now(), '10.0.0.9');
    expect(await t.app.jobs.analyticsSampler.runOnce()).toMatchObject({ counted: true, users: 1 });
  });

  it('deletes minute samples older than 35 days', async () => {
    // An hour later than the last prune.
    t.clock.set(NINE_PM + 3 * 60 * MINUTE);
    const old = NINE_PM - 36 * DAY;
    const recent = NINE_PM - 34 * DAY;
    await t.database.db
      .insertInto('analytics_online_minutes')
      .values([
        { minute: old, users: 7 },
        { minute: recent, users: 8 },
      ])
      .execute();
    await t.app.jobs.analyticsSampler.runOnce();
    expect(await minutesRow(old)).toEqual([]);
    expect(await minutesRow(recent)).toEqual([{ minute: recent, users: 8 }]);
  });
});
