import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildApp } from '../../app.js';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { AppDatabase } from '../db/database.js';
import { createDatabase } from '../db/database.js';
import { createJobLeasesRepository } from './job-leases-repository.js';

/** Every periodic job that runs in one process of all (the outbox poller runs in each). */
const LEASED_JOBS = [
  'analytics-sampler',
  'expiry-reminders',
  'gateway-poll',
  'keyauth-session-purge',
  'product-status-mail',
  'webhook-dispatcher',
];

let t: TestApp;
let customer: TestUser;
let products: string[];
/** Two apps on the test's database (file or schema), as two processes would be. */
const nodes: { app: App; database: AppDatabase }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The test app is only the database and its fixtures here: closed, its jobs step aside.
  await t.app.close();
  customer = await t.createUser({ username: 'cliente_dos_nos' });
  products = [(await t.fixtures.product()).id, (await t.fixtures.product()).id];
});
afterAll(async () => {
  for (const node of nodes) {
    await node.app.close();
    await node.database.destroy();
  }
  await t?.close();
});

async function startNode(): Promise<App> {
  const database = createDatabase(t.config);
  const app = await buildApp({ config: t.config, database, clock: t.clock, logger: false });
  await app.ready();
  nodes.push({ app, database });
  return app;
}

function holders() {
  return createJobLeasesRepository(t.database).holders();
}

async function remindersFor(subscriptionId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', customer.id)
    .where('kind', '=', 'subscription_expiring')
    .where('link', 'like', `%${subscriptionId}`)
    .execute();
  return rows.length;
}

describe('periodic jobs on two apps sharing one database', () => {
  it('run their timers on one app only, and on the other once the first closed', async () => {
    const first = await startNode();
    // The first app's start took every job's lease; its runs at start are over after these.
    await expect.poll(async () => Object.keys(await holders()).sort()).toEqual(LEASED_JOBS);
    await first.jobs.analyticsSampler.runOnce();
    await first.jobs.gatewayPoll.runOnce();
    await first.jobs.webhookDispatcher.runOnce();
    await first.jobs.keyauthSessionPurge.runOnce();
    expect(await first.jobs.expiryReminders.tick()).toBe(true);
    const firstHolder = (await holders())['expiry-reminders'];
    expect(new Set(Object.values(await holders()))).toEqual(new Set([firstHolder]));

    const second = await startNode();
    const soon = await t.fixtures.subscription(customer.id, products[0] ?? '', {
      expiresAt: t.clock.now() + 2 * DAY,
    });
    // The second app's tick does not run while the first holds the lease...
    expect(await second.jobs.expiryReminders.tick()).toBe(false);
    expect(await remindersFor(soon.id)).toBe(0);
    // ...the first's does.
    expect(await first.jobs.expiryReminders.tick()).toBe(true);
    expect(await remindersFor(soon.id)).toBe(1);
    expect(await second.jobs.expiryReminders.tick()).toBe(false);
    expect(await remindersFor(soon.id)).toBe(1);

    // Closing (as on SIGTERM) releases every lease the first app held...
    await first.close();
    expect(Object.values(await holders())).not.toContain(firstHolder);
    // ...and the second app's next tick takes the job over.
    const later = await t.fixtures.subscription(customer.id, products[1] ?? '', {
      expiresAt: t.clock.now() + 2 * DAY + 60_000,
    });
    expect(await second.jobs.expiryReminders.tick()).toBe(true);
    expect(await remindersFor(later.id)).toBe(1);
    expect(await remindersFor(soon.id)).toBe(1);
    const secondHolder = (await holders())['expiry-reminders'];
    expect(secondHolder).toBeDefined();
    expect(secondHolder).not.toBe(firstHolder);

    await second.close();
    expect(await holders()).toEqual({});
  });
});
