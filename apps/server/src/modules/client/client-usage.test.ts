import type { ClientDashboard } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app.js';

// The manual clock starts at 2026-01-15T12:00Z: 09:00 of 2026-01-15 in São Paulo, so the card's
// 30 days are 2025-12-17 … 2026-01-15.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The usage rows are written by hand: no minute sample of the test's clock.
  await t.app.jobs.analyticsSampler.stop();
});
afterAll(() => t.close());

async function usage(rows: [subscriptionId: string, day: string, minutes: number][]) {
  await t.database.db
    .insertInto('analytics_usage_daily')
    .values(rows.map(([subscription_id, day, minutes]) => ({ subscription_id, day, minutes })))
    .execute();
}

async function dashboard(user: TestUser): Promise<ClientDashboard> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/client/dashboard',
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<ClientDashboard>();
}

/** The 30 days of the card, each with its minutes (zero unless listed). */
function days(minutes: Record<string, number>) {
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2025, 11, 17 + i)).toISOString().slice(0, 10);
    return { day, minutes: minutes[day] ?? 0 };
  });
}

describe('the subscription card usage', () => {
  it('shows each subscription its own minutes online over the last 30 days, zero-filled', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const aimbot = await t.fixtures.product({ name: 'Aimbot' });
    const wallhack = await t.fixtures.product({ name: 'Wallhack' });
    const first = await t.fixtures.subscription(user.id, aimbot.id);
    const second = await t.fixtures.subscription(user.id, wallhack.id);
    const othersSub = await t.fixtures.subscription(other.id, aimbot.id);
    await usage([
      // The day before the window: not counted.
      [first.id, '2025-12-16', 600],
      [first.id, '2025-12-17', 90],
      [first.id, '2026-01-10', 45],
      [first.id, '2026-01-15', 5],
      [second.id, '2026-01-14', 120],
      // Another customer's subscription of the same product.
      [othersSub.id, '2026-01-15', 999],
    ]);

    const cards = (await dashboard(user)).subscriptions;
    const card = (id: string) => cards.find((c) => c.subscription_id === id);
    expect(card(first.id)).toMatchObject({
      online_minutes_30d: 90 + 45 + 5,
      usage_days: days({ '2025-12-17': 90, '2026-01-10': 45, '2026-01-15': 5 }),
    });
    expect(card(second.id)).toMatchObject({
      online_minutes_30d: 120,
      usage_days: days({ '2026-01-14': 120 }),
    });
    expect((await dashboard(other)).subscriptions[0]).toMatchObject({
      online_minutes_30d: 999,
      usage_days: days({ '2026-01-15': 999 }),
    });
  });
});
