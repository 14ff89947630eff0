import { XP_RULES, messages } from '@chaveiro/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildApp } from '../app.js';
import { createDatabase } from '../platform/db/database.js';
import type { TestApp, TestUser } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import { DAY } from '../testing/fixtures.js';
import type { DomainEvent } from './catalogue.js';
import { DEFAULT_RETRY, defineHandler } from './outbox.js';

/**
 * The outbox wired into the real app: a redemption records `key.redeemed` and its two handlers
 * (the redeemer's XP, the reseller's notice) run once, after a failure and after a crash too;
 * the other events' handlers run once each.
 */
const XP_HANDLER = 'users.redemption-xp';
const NOTICE_HANDLER = 'reseller.key-redeemed-notice';
/** The audit log's line of a redemption. */
const ACTIVITY_HANDLER = 'activity.key-redeemed';
const ACTIVITY_DONE = {
  handler: ACTIVITY_HANDLER,
  status: 'done',
  attempts: 1,
  last_error: null,
};
/** The analytics counters of a redemption. */
const ANALYTICS_DONE = {
  handler: 'analytics.key-redeemed',
  status: 'done',
  attempts: 1,
  last_error: null,
};
/** The webhooks' fan-out of a redemption: with no endpoint, it queues nothing. */
const WEBHOOKS_DONE = {
  handler: 'webhooks.key.redeemed',
  status: 'done',
  attempts: 1,
  last_error: null,
};
/** How long the recording process keeps its new deliveries to itself (outbox promptGraceMs). */
const PROMPT_GRACE_MS = 30_000;

let t: TestApp;
let product: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  product = await t.fixtures.product({ name: 'Aim Pro' });
});
afterAll(() => t.close());

/** A reseller, a customer, and a 30-day key the reseller bought. */
async function resellerKey(on: TestApp = t, productId = product.id) {
  const reseller = await on.createUser({ role: 'reseller' });
  const customer = await on.createUser();
  const key = await on.fixtures.key(productId, {
    days: 30,
  });
  await on.database.db
    .updateTable('license_keys')
    .set({ created_by: reseller.id })
    .where('id', '=', key.id)
    .execute();
  return { reseller, customer, key };
}

function redeem(app: App, user: TestUser, key: string) {
  return app.inject({
    method: 'POST',
    url: '/api/client/redeem-key',
    headers: user.headers,
    payload: { keyValue: key },
  });
}

async function redeemedEvents(on: TestApp, keyId: string) {
  const rows = await on.database.db
    .selectFrom('events')
    .select(['id', 'payload'])
    .where('type', '=', 'key.redeemed')
    .execute();
  return rows.filter((row) => (JSON.parse(row.payload) as { keyId: string }).keyId === keyId);
}

/** The stored events of `type` whose payload matches `match`. */
async function eventsOf(on: TestApp, type: string, match: Record<string, unknown>) {
  const rows = await on.database.db
    .selectFrom('events')
    .select(['id', 'payload'])
    .where('type', '=', type)
    .execute();
  return rows
    .map((row) => ({ id: row.id, payload: JSON.parse(row.payload) as Record<string, unknown> }))
    .filter(({ payload }) => Object.entries(match).every(([key, value]) => payload[key] === value));
}

async function deliveriesOf(on: TestApp, eventId: string) {
  const rows = await on.database.db
    .selectFrom('event_deliveries')
    .select(['handler', 'status', 'attempts', 'last_error'])
    .where('event_id', '=', eventId)
    .orderBy('handler')
    .execute();
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

async function noticesOf(on: TestApp, userId: string) {
  return on.database.db
    .selectFrom('notifications')
    .select(['kind', 'body'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'key_redeemed')
    .execute();
}

async function xpOf(on: TestApp, userId: string): Promise<number> {
  const row = await on.database.db
    .selectFrom('users')
    .select('xp')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.xp);
}

/** Runs what is due now, with the poller held off so the run is the test's own. */
async function drain(app: App): Promise<void> {
  await app.outbox.stop();
  await app.outbox.drain();
  app.outbox.start();
}

/**
 * Makes the database refuse `operation` on `table` (rows matching `when`), as a full disk or a
 * failing constraint would; returns its undo.
 */
async function refuseWrites(
  on: TestApp,
  table: string,
  operation: 'INSERT' | 'UPDATE',
  when = 'true',
): Promise<() => Promise<void>> {
  const { db } = on.database;
  const name = `refuse_${table}`;
  if (on.database.dialect === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER ${name} BEFORE ${operation} ON ${table} WHEN ${when}
         BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
      )
      .execute(db);
    return async () => {
      await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    };
  }
  await sql
    .raw(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS
       $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${name} BEFORE ${operation} ON ${table} FOR EACH ROW
       WHEN (${when}) EXECUTE FUNCTION ${name}()`,
    )
    .execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
  };
}

describe('key.redeemed through the outbox', () => {
  it('records the event with the redemption; XP and the reseller’s notice follow once', async () => {
    const { reseller, customer, key } = await resellerKey();

    expect((await redeem(t.app, customer, key.key)).statusCode).toBe(200);
    // XP is part of the answer; the others follow it.
    expect(await xpOf(t, customer.id)).toBe(30 * XP_RULES.perLicenceDay);
    await t.app.outbox.idle();

    const [event, ...others] = await redeemedEvents(t, key.id);
    expect(others).toEqual([]);
    expect(JSON.parse(event!.payload)).toMatchObject({
      keyId: key.id,
      userId: customer.id,
      productId: product.id,
      days: 30,
      keyCreatedBy: reseller.id,
    });
    // Handled right after commit: every delivery done, their effects visible.
    expect(await deliveriesOf(t, event!.id)).toEqual([
      ACTIVITY_DONE,
      ANALYTICS_DONE,
      { handler: NOTICE_HANDLER, status: 'done', attempts: 1, last_error: null },
      { handler: XP_HANDLER, status: 'done', attempts: 1, last_error: null },
      WEBHOOKS_DONE,
    ]);
    expect(await noticesOf(t, reseller.id)).toHaveLength(1);
    expect(await xpOf(t, customer.id)).toBe(30 * XP_RULES.perLicenceDay);

    // Nothing left to run: a later poll repeats nothing.
    t.clock.advance(PROMPT_GRACE_MS);
    await drain(t.app);
    expect(await noticesOf(t, reseller.id)).toHaveLength(1);
    expect(await xpOf(t, customer.id)).toBe(30 * XP_RULES.perLicenceDay);
  });

  it('answers the redemption when a handler fails, and retries that handler alone later', async () => {
    const { reseller, customer, key } = await resellerKey();
    const restore = await refuseWrites(t, 'notifications', 'INSERT', `NEW.kind = 'key_redeemed'`);

    expect((await redeem(t.app, customer, key.key)).statusCode).toBe(200);
    await t.app.outbox.idle();
    await restore();

    const [event] = await redeemedEvents(t, key.id);
    expect(await deliveriesOf(t, event!.id)).toEqual([
      ACTIVITY_DONE,
      ANALYTICS_DONE,
      {
        handler: NOTICE_HANDLER,
        status: 'pending',
        attempts: 1,
        last_error: expect.stringContaining('refused by the test') as string,
      },
      { handler: XP_HANDLER, status: 'done', attempts: 1, last_error: null },
      WEBHOOKS_DONE,
    ]);
    expect(await noticesOf(t, reseller.id)).toEqual([]);
    expect(await xpOf(t, customer.id)).toBe(30 * XP_RULES.perLicenceDay);

    // Not before its backoff...
    await drain(t.app);
    expect(await noticesOf(t, reseller.id)).toEqual([]);
    // ...then once.
    t.clock.advance(DEFAULT_RETRY.baseDelayMs);
    await drain(t.app);
    await drain(t.app);
    expect(await noticesOf(t, reseller.id)).toHaveLength(1);
    expect(await deliveriesOf(t, event!.id)).toEqual([
      ACTIVITY_DONE,
      ANALYTICS_DONE,
      // The last failure stays on record.
      {
        handler: NOTICE_HANDLER,
        status: 'done',
        attempts: 2,
        last_error: expect.stringContaining('refused by the test') as string,
      },
      { handler: XP_HANDLER, status: 'done', attempts: 1, last_error: null },
      WEBHOOKS_DONE,
    ]);
    expect(await xpOf(t, customer.id)).toBe(30 * XP_RULES.perLicenceDay);
  });

  it('runs the handlers once after a restart when the process died between commit and handling', async () => {
    const first = await createTestApp();
    try {
      const wallHack = await first.fixtures.product({
        name: 'Wall Hack',
      });
      const { reseller, customer, key } = await resellerKey(first, wallHack.id);
      // The dispatch right after commit cannot claim the deliveries nor mark one done: as if
      // the process died the moment the redemption committed.
      const restore = await refuseWrites(first, 'event_deliveries', 'UPDATE');
      expect((await redeem(first.app, customer, key.key)).statusCode).toBe(200);
      await first.app.outbox.idle();
      await restore();
      await first.app.outbox.stop();

      const [event] = await redeemedEvents(first, key.id);
      // XP's delivery went in leased to the recorder, its attempt counted: the answer waits
      // for it.
      expect((await deliveriesOf(first, event!.id)).map((d) => [d.status, d.attempts])).toEqual([
        ['pending', 0],
        ['pending', 0],
        ['pending', 0],
        ['pending', 1],
        ['pending', 0],
      ]);
      expect(await noticesOf(first, reseller.id)).toEqual([]);
      expect(await xpOf(first, customer.id)).toBe(0);

      // The restart: a new process (app and connection) over the same database.
      const database = createDatabase(first.config);
      const second = await buildApp({ config: first.config, database, clock: first.clock });
      try {
        await second.ready();
        // The poller leaves a recorder its prompt dispatch for a while, then takes over.
        first.clock.advance(PROMPT_GRACE_MS);
        await drain(second);
        await drain(second);
        expect(await deliveriesOf(first, event!.id)).toEqual([
          ACTIVITY_DONE,
          ANALYTICS_DONE,
          { handler: NOTICE_HANDLER, status: 'done', attempts: 1, last_error: null },
          { handler: XP_HANDLER, status: 'done', attempts: 2, last_error: null },
          WEBHOOKS_DONE,
        ]);
        expect(await noticesOf(first, reseller.id)).toHaveLength(1);
        expect(await xpOf(first, customer.id)).toBe(30 * XP_RULES.perLicenceDay);
      } finally {
        await second.close();
        await database.destroy();
      }
    } finally {
      await first.close();
    }
  });
});

/**
 * One event of `type` matching `match`, its `handler`'s delivery done once the work after the
 * answer finished; a later poll repeats it not.
 */
async function expectHandledOnce(
  type: string,
  match: Record<string, unknown>,
  handler: string,
  effect: () => Promise<unknown>,
  expected: unknown,
): Promise<Record<string, unknown>> {
  await t.app.outbox.idle();
  const [event, ...others] = await eventsOf(t, type, match);
  expect(others).toEqual([]);
  // Other handlers of the event (the orders', the e-mails) have deliveries of their own.
  const deliveries = await deliveriesOf(t, event!.id);
  expect(deliveries.filter((delivery) => delivery.handler === handler)).toEqual([
    { handler, status: 'done', attempts: 1, last_error: null },
  ]);
  expect(await effect()).toEqual(expected);
  t.clock.advance(PROMPT_GRACE_MS);
  await drain(t.app);
  expect(await effect()).toEqual(expected);
  return event!.payload;
}

describe('purchase.completed through the outbox', () => {
  it('grants the buyer XP by the plan’s days, once, before the purchase answers', async () => {
    const plan = await t.fixtures.product({ name: 'Radar', plans: { weekly: 990 } });
    const buyer = await t.createUser();
    await t.database.db
      .updateTable('users')
      .set({ balance_cents: 5000 })
      .where('id', '=', buyer.id)
      .execute();

    const boughtAt = t.clock.now();
    const response = await t.as(buyer).post('/api/shop/purchase', {
      productId: plan.id,
      durationType: 'weekly',
    });
    expect(response.statusCode).toBe(200);
    // Part of the answer: no waiting for the handlers after it.
    expect(await xpOf(t, buyer.id)).toBe(7 * XP_RULES.perLicenceDay);

    const payload = await expectHandledOnce(
      'purchase.completed',
      { userId: buyer.id },
      'users.purchase-xp',
      () => xpOf(t, buyer.id),
      7 * XP_RULES.perLicenceDay,
    );
    expect(payload).toEqual({
      userId: buyer.id,
      productId: plan.id,
      durationType: 'weekly',
      days: 7,
      amountCents: 990,
      subscriptionId: response.json<{ subscription_id: string }>().subscription_id,
      orderId: payload.orderId,
      productName: 'Radar',
      expiresAt: boughtAt + 7 * DAY,
      method: 'balance',
    });
    expect(payload.orderId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });
});

describe('deposit.rejected through the outbox', () => {
  it('tells the customer why, once, right after the rejection answers', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const customer = await t.createUser();
    const pix = {
      pix_key: 'pix@example.com',
      pix_beneficiary: 'Loja Exemplo',
      pix_city: 'Curitiba',
    };
    expect((await t.as(admin).patch('/api/admin/payment-settings', pix)).statusCode).toBe(200);
    const opened = await t.as(customer).post('/api/deposits', { amount: 20 });
    const deposit = opened.json<{ deposit: { id: string; reference: string } }>().deposit;

    const rejected = await t.as(admin).post(`/api/admin/deposits/${deposit.id}/reject`, {
      reason: 'Pagamento não encontrado',
    });
    expect(rejected.statusCode).toBe(200);

    const rejections = () =>
      t.database.db
        .selectFrom('notifications')
        .select(['kind', 'body'])
        .where('user_id', '=', customer.id)
        .execute();
    const payload = await expectHandledOnce(
      'deposit.rejected',
      { depositId: deposit.id },
      'notifications.deposit-rejected',
      rejections,
      [
        {
          kind: 'deposit_rejected',
          body: messages.deposits.notifyRejectedBody(
            'R$ 20,00',
            deposit.reference,
            'Pagamento não encontrado',
          ),
        },
      ],
    );
    expect(payload).toEqual({
      depositId: deposit.id,
      userId: customer.id,
      amountCents: 2000,
      reference: deposit.reference,
      reason: 'Pagamento não encontrado',
      by: admin.id,
    });
  });
});

describe('hwid.reset from an admin’s reset of a whole account', () => {
  it('records one event per subscription that lost machines, naming the admin', async () => {
    const heard: DomainEvent<'hwid.reset'>[] = [];
    // No module handles hwid.reset yet: a probe makes the outbox store and hand it over.
    const probed = await createTestApp({
      eventHandlers: [
        defineHandler({
          name: 'test.hwid-reset-probe',
          on: 'hwid.reset',
          handle(event) {
            heard.push(event);
            return Promise.resolve();
          },
        }),
      ],
    });
    try {
      const fx = probed.fixtures;
      const admin = await probed.createUser({ role: 'admin' });
      const owner = await probed.createUser();
      const [aim, radar, spare] = await Promise.all([fx.product(), fx.product(), fx.product()]);
      const two = await fx.subscription(owner.id, aim.id, { maxDevices: 2 });
      const one = await fx.subscription(owner.id, radar.id);
      await fx.subscription(owner.id, spare.id); // No machine: no event.
      await fx.machine(two.id, 'HWID-A');
      await fx.machine(two.id, 'HWID-B');
      await fx.machine(one.id, 'HWID-C');

      const response = await probed.app.inject({
        method: 'PATCH',
        url: `/api/users/${owner.id}/hwid`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      await probed.app.outbox.idle();

      const bySubscription = (a: { subscriptionId: string }, b: { subscriptionId: string }) =>
        a.subscriptionId.localeCompare(b.subscriptionId);
      expect(heard.map((event) => event.payload).sort(bySubscription)).toEqual(
        [
          { subscriptionId: two.id, userId: owner.id, machinesReleased: 2, by: admin.id },
          { subscriptionId: one.id, userId: owner.id, machinesReleased: 1, by: admin.id },
        ].sort(bySubscription),
      );
    } finally {
      await probed.close();
    }
  });
});
