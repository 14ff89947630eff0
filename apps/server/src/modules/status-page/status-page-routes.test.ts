import type { PublicStatus } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { STATUS_PAGE_CACHE_MS } from './status-page-service.js';

const HOUR = 60 * 60_000;
/** São Paulo is UTC-3 all year (no daylight saving since 2019). */
const SAO_PAULO_OFFSET = -3 * HOUR;
/** The instant a São Paulo wall-clock time happens. */
const saoPaulo = (date: string, hour = 0, minute = 0) =>
  Date.parse(`${date}T00:00:00Z`) + hour * HOUR + minute * 60_000 - SAO_PAULO_OFFSET;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** GET /api/status as a visitor with no session, past the previous answer's cache. */
async function readStatus() {
  t.clock.advance(STATUS_PAGE_CACHE_MS);
  return fetchStatus();
}

async function fetchStatus() {
  const response = await t.anonymous.get('/api/status');
  expect(response.statusCode).toBe(200);
  return response.json<PublicStatus>();
}

/** Products are created at the clock's time: this one as if `daysAgo` days before now. */
async function productCreatedDaysAgo(daysAgo: number, name: string) {
  const now = t.clock.now();
  const createdAt = now - daysAgo * DAY;
  t.clock.set(createdAt);
  const product = await t.fixtures.product({ name });
  t.clock.set(now);
  return { ...product, createdAt };
}

const statusOfDay = (status: PublicStatus, productId: string, date: string) =>
  status.products.find((product) => product.id === productId)?.days.find((day) => day.date === date)
    ?.status;

describe('GET /api/status', () => {
  it('lists every product on sale by name to anyone, with 90 São Paulo days, cacheable 30 s', async () => {
    const older = await productCreatedDaysAgo(200, 'Zeta Cheat');
    const recent = await productCreatedDaysAgo(2, 'Alfa Spoofer');
    await t.fixtures.product({ name: 'Beta Desligado', status: 'disabled' });

    t.clock.advance(STATUS_PAGE_CACHE_MS);
    const response = await t.anonymous.get('/api/status');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    const status = response.json<PublicStatus>();

    expect(status.generatedAt).toBe(new Date(t.clock.now()).toISOString());
    expect(status.products.map((product) => product.name)).toEqual(['Alfa Spoofer', 'Zeta Cheat']);
    const zeta = status.products[1];
    // Never changed: operational since it was created.
    expect(zeta).toEqual(
      expect.objectContaining({
        id: older.id,
        status: 'operational',
        note: null,
        since: new Date(older.createdAt).toISOString(),
      }),
    );
    // The test clock is 2026-01-15 09:00 in São Paulo: today is the 15th there.
    expect(zeta?.days).toHaveLength(90);
    expect(zeta?.days[0]).toEqual({ date: '2025-10-18', status: 'operational' });
    expect(zeta?.days.at(-1)).toEqual({ date: '2026-01-15', status: 'operational' });
    expect(zeta?.days.every((day) => day.status === 'operational')).toBe(true);
    // Days before a product existed are left out: the page draws them as "sem dados".
    const alfa = status.products[0];
    expect(alfa?.id).toBe(recent.id);
    expect(alfa?.days.map((day) => day.date)).toEqual(['2026-01-13', '2026-01-14', '2026-01-15']);
  });

  it("colours each day with the worst status any period had in it, São Paulo's day", async () => {
    const product = await productCreatedDaysAgo(120, 'Gama Aimbot');
    const periods = [
      // Two hours of updating on the 2nd.
      {
        status: 'updating',
        startedAt: saoPaulo('2026-01-02', 10),
        endedAt: saoPaulo('2026-01-02', 12),
      },
      // 22:00–23:00 in São Paulo is already the 6th in UTC: the 5th is the day it happened.
      {
        status: 'unavailable',
        startedAt: saoPaulo('2026-01-05', 22),
        endedAt: saoPaulo('2026-01-05', 23),
      },
      // Across midnight: both days.
      {
        status: 'updating',
        startedAt: saoPaulo('2026-01-08', 23),
        endedAt: saoPaulo('2026-01-09', 1),
      },
      // Updating then unavailable on one day: the worst wins.
      {
        status: 'updating',
        startedAt: saoPaulo('2026-01-11', 8),
        endedAt: saoPaulo('2026-01-11', 9),
      },
      {
        status: 'unavailable',
        startedAt: saoPaulo('2026-01-11', 9),
        endedAt: saoPaulo('2026-01-11', 10),
      },
      // Ended exactly at midnight: the next day is clean.
      {
        status: 'unavailable',
        startedAt: saoPaulo('2026-01-12', 20),
        endedAt: saoPaulo('2026-01-13'),
      },
      // Before the 90 days: nothing to draw.
      { status: 'unavailable', startedAt: saoPaulo('2025-10-01'), endedAt: saoPaulo('2025-10-03') },
      // An operational period colours nothing.
      {
        status: 'operational',
        startedAt: saoPaulo('2026-01-13', 1),
        endedAt: saoPaulo('2026-01-14', 1),
      },
    ] as const;
    for (const period of periods) await t.fixtures.productStatusPeriod(product.id, period);
    // Unavailable since 07:00 today, still on.
    const since = saoPaulo('2026-01-15', 7);
    await t.fixtures.productStatusPeriod(product.id, { status: 'unavailable', startedAt: since });
    await t.fixtures.productOperational(product.id, {
      status: 'unavailable',
      note: 'Detectado após a atualização do jogo; previsão 48 h',
      since,
    });

    const status = await readStatus();
    const gama = status.products.find((entry) => entry.id === product.id);
    expect(gama).toMatchObject({
      status: 'unavailable',
      note: 'Detectado após a atualização do jogo; previsão 48 h',
      since: new Date(since).toISOString(),
    });
    expect(gama?.days).toHaveLength(90);
    const coloured = Object.fromEntries(
      (gama?.days ?? [])
        .filter((day) => day.status !== 'operational')
        .map((day) => [day.date, day.status]),
    );
    expect(coloured).toEqual({
      '2026-01-02': 'updating',
      '2026-01-05': 'unavailable',
      '2026-01-08': 'updating',
      '2026-01-09': 'updating',
      '2026-01-11': 'unavailable',
      '2026-01-12': 'unavailable',
      '2026-01-15': 'unavailable',
    });
  });

  it("shows the product's current status today even before its timeline has the period", async () => {
    const product = await productCreatedDaysAgo(10, 'Delta Radar');
    await t.fixtures.productOperational(product.id, {
      status: 'updating',
      since: t.clock.now() - HOUR,
    });
    const status = await readStatus();
    expect(statusOfDay(status, product.id, '2026-01-15')).toBe('updating');
    expect(statusOfDay(status, product.id, '2026-01-14')).toBe('operational');
  });

  it('serves one answer for 30 s, and a status change at once (product.status_changed)', async () => {
    const product = await productCreatedDaysAgo(5, 'Epsilon ESP');
    expect(statusOfDay(await readStatus(), product.id, '2026-01-15')).toBe('operational');

    // Changed with no event: the cached answer stands until it is 30 s old.
    await t.fixtures.productOperational(product.id, { status: 'updating', note: 'Nova versão' });
    t.clock.advance(STATUS_PAGE_CACHE_MS - 1);
    const cached = await fetchStatus();
    expect(cached.products.find((entry) => entry.id === product.id)?.status).toBe('operational');
    t.clock.advance(1);
    const fresh = await fetchStatus();
    expect(fresh.products.find((entry) => entry.id === product.id)).toMatchObject({
      status: 'updating',
      note: 'Nova versão',
    });

    // A change announced by its event is on the page at the next read, cache or not.
    const since = t.clock.now();
    await t.fixtures.productOperational(product.id, { status: 'unavailable', since });
    await t.app.outbox.record(t.database.db, 'product.status_changed', {
      productId: product.id,
      productName: product.name,
      status: 'unavailable',
      previousStatus: 'updating',
      note: null,
      timeFrozen: true,
      previousTimeFrozen: true,
      since,
      subscriptionsAffected: 0,
      givenBackMs: 0,
      changedBy: 'admin',
      reason: null,
    });
    await t.app.outbox.idle();
    const changed = await fetchStatus();
    expect(changed.products.find((entry) => entry.id === product.id)).toMatchObject({
      status: 'unavailable',
      note: null,
    });
    expect(statusOfDay(changed, product.id, '2026-01-15')).toBe('unavailable');
  });

  it('stays open during maintenance, like the other public reads', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const setMaintenance = (value: 'on' | 'off') =>
      t.as(() => t.tokenFor(admin)).patch('/api/settings', { key: 'maintenance_mode', value });
    expect((await setMaintenance('on')).statusCode).toBe(200);
    try {
      expect((await t.anonymous.get('/api/client/dashboard')).statusCode).toBe(503);
      const response = await t.anonymous.get('/api/status');
      expect(response.statusCode).toBe(200);
      expect(response.json<PublicStatus>().products.length).toBeGreaterThan(0);
    } finally {
      await setMaintenance('off');
    }
  });
});
