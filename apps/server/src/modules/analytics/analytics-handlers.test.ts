import type { AnalyticsResponse, BuyKeysResponse } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent, EventType } from '../../events/index.js';
import { withTransaction } from '../../platform/db/database.js';
import { newId } from '../../platform/core/ids.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { createRollupCache } from './analytics-rollup-cache.js';
import { createAnalyticsHandlers } from './analytics-handlers.js';
import { METRICS } from './analytics-metrics.js';
import { createAnalyticsRollupsRepository } from './analytics-rollups-repository.js';
import { dayValues } from './analytics-testing.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Only what the tests run: no minute samples behind their back.
  await t.app.jobs.analyticsSampler.stop();
  // Redeliveries are drained by the tests, not taken by the poller meanwhile.
  await t.app.outbox.stop();
  admin = await t.createUser({ role: 'admin', username: 'chefe_numeros' });
  const pix = await t.as(admin).patch('/api/admin/payment-settings', {
    pix_key: 'pix@chaveiro.com.br',
    pix_beneficiary: 'Chaveiro Tecnologia LTDA',
    pix_city: 'São Paulo',
  });
  expect(pix.statusCode).toBe(200);
});
afterAll(() => t.close());

/** Each test works on its own São Paulo day: its clock is set to `hourUtc` of that UTC date. */
function onDay(year: number, month: number, date: number, hourUtc = 15, minute = 0): void {
  t.clock.set(Date.UTC(year, month - 1, date, hourUtc, minute));
}

/** A user signed at the clock's current time (sessions last 12 h). */
async function signedNow(user: TestUser): Promise<TestUser> {
  const token = await t.tokenFor(user);
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

/** A deposit of `reais` by `client`, approved by the admin: the money of the other flows. */
async function approvedDeposit(client: TestUser, reais: number): Promise<string> {
  const created = await t.as(client).post('/api/deposits', { amount: reais });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<{ deposit: { id: string } }>().deposit;
  const approved = await t.as(admin).post(`/api/admin/deposits/${id}/approve`);
  expect(approved.statusCode).toBe(200);
  return id;
}

describe('counters fed by real flows, on the São Paulo day', () => {
  it('counts a sign-up, an admin-created client and an admin-created reseller (not staff)', async () => {
    // 02:30 UTC on 3 Feb is still 2 Feb in São Paulo (23:30).
    onDay(2026, 2, 3, 2, 30);
    const freshAdmin = await signedNow(admin);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'nova_conta', email: 'nova@example.com', password: 'senha-forte-1' },
      remoteAddress: '10.9.0.1',
    });
    expect(signUp.statusCode).toBe(201);
    const created = await t.as(freshAdmin).post('/api/users', {
      username: 'cliente_do_admin',
      email: 'cliente-admin@example.com',
      password: 'senha-forte-1',
    });
    expect(created.statusCode).toBe(201);
    await t.createResellerViaAdmin(freshAdmin.headers, 0);
    // The sign-up's account is written after its answer.
    await vi.waitFor(async () => {
      expect(await dayValues(t.database.db, '2026-02-02')).toEqual({ [METRICS.signups]: 3 });
    });
    expect(await dayValues(t.database.db, '2026-02-03')).toEqual({});
  });

  it('counts approved deposits (not rejected ones) in cents and number', async () => {
    onDay(2026, 2, 10);
    const freshAdmin = await signedNow(admin);
    admin = freshAdmin;
    const client = await signedNow(await t.createUser());
    await approvedDeposit(client, 50);
    await approvedDeposit(client, 25.5);
    const rejected = await t.as(client).post('/api/deposits', { amount: 99 });
    const rejectedId = rejected.json<{ deposit: { id: string } }>().deposit.id;
    const rejection = await t.as(admin).post(`/api/admin/deposits/${rejectedId}/reject`, {
      reason: 'Comprovante ilegível',
    });
    expect(rejection.statusCode).toBe(200);
    // The counters are written by handlers that run after the answers.
    await t.app.outbox.idle();

    expect(await dayValues(t.database.db, '2026-02-10')).toEqual({
      [METRICS.depositsCents]: 7_550,
      [METRICS.depositsCount]: 2,
    });
  });

  it('counts a shop purchase paid from the balance as one sale of its product', async () => {
    onDay(2026, 2, 11);
    admin = await signedNow(admin);
    const product = await t.fixtures.product({ plans: { monthly: 2_990, weekly: 990 } });
    const client = await signedNow(await t.createUser());
    await approvedDeposit(client, 50);
    for (const durationType of ['monthly', 'weekly']) {
      const bought = await t.as(client).post('/api/shop/purchase', {
        productId: product.id,
        durationType,
      });
      expect(bought.statusCode).toBe(200);
    }
    await t.app.outbox.idle();

    expect(await dayValues(t.database.db, '2026-02-11')).toEqual({
      [METRICS.depositsCents]: 5_000,
      [METRICS.depositsCount]: 1,
      [METRICS.salesCents]: 3_980,
      [METRICS.salesCount]: 2,
      [`${METRICS.productSalesCents}|${product.id}`]: 3_980,
      [`${METRICS.productSalesCount}|${product.id}`]: 2,
    });
  });

  it("counts a reseller's key purchase (quantity, price) and its keys' redemptions; an admin's key is no reseller's", async () => {
    onDay(2026, 2, 12);
    admin = await signedNow(admin);
    const product = await t.fixtures.product({ plans: { monthly: 1_250 } });
    const reseller = await t.createResellerViaAdmin(admin.headers, 100);
    const bought = await t.as(reseller).post('/api/reseller/keys', {
      productId: product.id,
      durationType: 'monthly',
      quantity: 3,
    });
    expect(bought.statusCode).toBe(201);
    const keys = bought.json<BuyKeysResponse>().keys;
    // A second purchase a minute later is a second fact.
    t.clock.advance(60_000);
    const again = await t.as(reseller).post('/api/reseller/keys', {
      productId: product.id,
      durationType: 'monthly',
      quantity: 1,
    });
    expect(again.statusCode).toBe(201);

    const adminKeys = await t.as(admin).post('/api/keys', {
      productId: product.id,
      days: 7,
      quantity: 1,
    });
    expect(adminKeys.statusCode).toBe(201);
    const client = await signedNow(await t.createUser());
    for (const key of [keys[0], keys[1], adminKeys.json<{ keys: string[] }>().keys[0]]) {
      const redeemed = await t.as(client).post('/api/client/redeem-key', { keyValue: key });
      expect(redeemed.statusCode).toBe(200);
    }
    await t.app.outbox.idle();

    const both = `${reseller.id}/${product.id}`;
    expect(await dayValues(t.database.db, '2026-02-12')).toEqual({
      // The reseller account itself, created by the admin.
      [METRICS.signups]: 1,
      [METRICS.salesCents]: 5_000,
      [METRICS.salesCount]: 4,
      [`${METRICS.productSalesCents}|${product.id}`]: 5_000,
      [`${METRICS.productSalesCount}|${product.id}`]: 4,
      [`${METRICS.resellerKeysSold}|${reseller.id}`]: 4,
      [`${METRICS.resellerSpentCents}|${reseller.id}`]: 5_000,
      [`${METRICS.resellerProductKeysSold}|${both}`]: 4,
      [`${METRICS.resellerProductSpentCents}|${both}`]: 5_000,
      [METRICS.redemptions]: 3,
      [`${METRICS.productRedemptions}|${product.id}`]: 3,
      [`${METRICS.resellerKeysRedeemed}|${reseller.id}`]: 2,
      [`${METRICS.resellerProductKeysRedeemed}|${both}`]: 2,
    });
  });
});

describe('tempo devolvido', () => {
  const HOUR = 60 * 60 * 1000;

  /** A status change of `product` as the products module records it (`product.status_changed`). */
  function statusChanged(
    product: { id: string; name: string },
    change: Partial<DomainEvent<'product.status_changed'>['payload']>,
  ): DomainEvent<'product.status_changed'>['payload'] {
    return {
      productId: product.id,
      productName: product.name,
      status: 'operational',
      previousStatus: 'updating',
      note: null,
      timeFrozen: false,
      previousTimeFrozen: true,
      since: t.clock.now(),
      subscriptionsAffected: 0,
      givenBackMs: 0,
      changedBy: 'chefe_numeros',
      reason: null,
      ...change,
    };
  }

  /** Records the changes through the outbox, in one transaction, and runs their handlers. */
  async function record(...payloads: DomainEvent<'product.status_changed'>['payload'][]) {
    await t.app.outbox.transaction(async (trx) => {
      for (const payload of payloads) {
        await t.app.outbox.record(trx, 'product.status_changed', payload);
      }
    });
    await t.app.outbox.idle();
  }

  it('rolls up the time each freeze gave back per product on the day it ended, once, and answers it', async () => {
    onDay(2026, 3, 20);
    admin = await signedNow(admin);
    const frozen = await t.fixtures.product({ name: 'Congelado' });
    const other = await t.fixtures.product({ name: 'Outro Congelado' });
    // Three subscriptions got 2 d 4 h back each; the other product's one got 90 min.
    const threeSubs = 3 * (52 * HOUR);
    const began = statusChanged(frozen, {
      status: 'updating',
      previousStatus: 'operational',
      timeFrozen: true,
      previousTimeFrozen: false,
      subscriptionsAffected: 3,
      since: t.clock.now() - 52 * HOUR,
    });
    const ended = statusChanged(frozen, { subscriptionsAffected: 3, givenBackMs: threeSubs });
    await record(began, ended, statusChanged(other, { givenBackMs: 90 * 60_000 }));
    // The same freeze's end heard again (a second event of one change) adds nothing.
    await record(ended);
    // Ended 02:30 UTC on 21 March: still 20 March in São Paulo.
    await record(statusChanged(other, { givenBackMs: HOUR, since: Date.UTC(2026, 2, 21, 2, 30) }));

    expect(await dayValues(t.database.db, '2026-03-20')).toEqual({
      [METRICS.givenBackMs]: threeSubs + 90 * 60_000 + HOUR,
      [`${METRICS.productGivenBackMs}|${frozen.id}`]: threeSubs,
      [`${METRICS.productGivenBackMs}|${other.id}`]: 150 * 60_000,
    });
    // The day the freeze began counts nothing.
    expect(await dayValues(t.database.db, '2026-03-18')).toEqual({});

    const response = await t.as(admin).get('/api/analytics?from=2026-03-20&to=2026-03-20');
    expect(response.statusCode).toBe(200);
    const body = response.json<AnalyticsResponse>();
    expect(body.series).toEqual([
      expect.objectContaining({ day: '2026-03-20', givenBackMs: threeSubs + 150 * 60_000 }),
    ]);
    expect(body.totals.current.givenBackMs).toBe(threeSubs + 150 * 60_000);
    expect(body.totals.previous.givenBackMs).toBe(0);
    expect(body.products).toEqual([
      {
        productId: frozen.id,
        name: 'Congelado',
        salesCount: 0,
        sales: 0,
        redemptions: 0,
        givenBackMs: threeSubs,
      },
      {
        productId: other.id,
        name: 'Outro Congelado',
        salesCount: 0,
        sales: 0,
        redemptions: 0,
        givenBackMs: 150 * 60_000,
      },
    ]);
    expect(await t.app.outbox.listDead()).toEqual([]);
  });
});

describe('a handler applied twice counts once', () => {
  const handlers = () =>
    createAnalyticsHandlers({
      rollups: createAnalyticsRollupsRepository(
        t.database.db,
        createRollupCache({ clock: t.clock, invalidations: t.app.sharedState }),
      ),
    });

  function eventOf<T extends EventType>(type: T, payload: DomainEvent<T>['payload']) {
    return { id: newId(), type, payload, occurredAt: t.clock.now() } as DomainEvent<T>;
  }

  it('counts each event once when its handler runs twice, in two transactions', async () => {
    onDay(2026, 3, 2);
    const productId = newId();
    const resellerId = (await t.createUser({ role: 'reseller' })).id;
    const at = t.clock.now();
    const events: DomainEvent[] = [
      eventOf('deposit.paid', {
        depositId: newId(),
        userId: newId(),
        amountCents: 1_000,
        reference: 'REF',
        orderId: null,
        gateway: 'manual',
        by: null,
      }),
      eventOf('deposit.refunded', {
        depositId: newId(),
        userId: newId(),
        amountCents: 400,
        reference: 'REF',
        orderId: null,
        balanceAfterCents: 0,
      }),
      eventOf('purchase.completed', {
        userId: newId(),
        productId,
        durationType: 'weekly',
        days: 7,
        amountCents: 990,
        subscriptionId: newId(),
        orderId: newId(),
      }),
      eventOf('reseller.keys_purchased', {
        resellerId,
        productId,
        durationType: 'weekly',
        quantity: 5,
        unitCents: 300,
        totalCents: 1_500,
        at,
      }),
      eventOf('user.registered', { userId: newId(), role: 'client', via: 'signup', at }),
      eventOf('key.redeemed', {
        keyId: newId(),
        userId: newId(),
        productId,
        subscriptionId: newId(),
        days: 7,
        keyCreatedBy: resellerId,
      }),
    ];
    const all = handlers();
    for (const event of events) {
      const handler = all.find((candidate) => candidate.on === event.type);
      if (!handler?.handle) throw new Error(`no analytics handler for ${event.type}`);
      const handle = handler.handle as (e: DomainEvent, trx: typeof t.database.db) => Promise<void>;
      for (let run = 0; run < 2; run += 1) {
        await withTransaction(t.database.db, (trx) => handle(event, trx));
      }
    }

    const both = `${resellerId}/${productId}`;
    expect(await dayValues(t.database.db, '2026-03-02')).toEqual({
      [METRICS.depositsCents]: 1_000,
      [METRICS.depositsCount]: 1,
      [METRICS.refundsCents]: 400,
      [METRICS.salesCents]: 990 + 1_500,
      [METRICS.salesCount]: 1 + 5,
      [`${METRICS.productSalesCents}|${productId}`]: 990 + 1_500,
      [`${METRICS.productSalesCount}|${productId}`]: 1 + 5,
      [`${METRICS.resellerKeysSold}|${resellerId}`]: 5,
      [`${METRICS.resellerSpentCents}|${resellerId}`]: 1_500,
      [`${METRICS.resellerProductKeysSold}|${both}`]: 5,
      [`${METRICS.resellerProductSpentCents}|${both}`]: 1_500,
      // The user made by createUser is a direct insert (no event): only the event's user counts.
      [METRICS.signups]: 1,
      [METRICS.redemptions]: 1,
      [`${METRICS.productRedemptions}|${productId}`]: 1,
      [`${METRICS.resellerKeysRedeemed}|${resellerId}`]: 1,
      [`${METRICS.resellerProductKeysRedeemed}|${both}`]: 1,
    });
  });

  it('counts once when the outbox delivers the same event again (a requeued delivery)', async () => {
    onDay(2026, 3, 3);
    admin = await signedNow(admin);
    const client = await signedNow(await t.createUser());
    const depositId = await approvedDeposit(client, 12.34);
    await t.app.outbox.idle();
    const before = await dayValues(t.database.db, '2026-03-03');
    expect(before).toEqual({ [METRICS.depositsCents]: 1_234, [METRICS.depositsCount]: 1 });

    // Its delivery to the analytics handler, done: parked as dead, requeued, delivered again.
    const event = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'deposit.paid')
      .where('payload', 'like', `%${depositId}%`)
      .executeTakeFirstOrThrow();
    const key = { eventId: event.id, handler: 'analytics.deposit-paid' };
    const marked = await t.database.db
      .updateTable('event_deliveries')
      .set({ status: 'dead' })
      .where('event_id', '=', key.eventId)
      .where('handler', '=', key.handler)
      .where('status', '=', 'done')
      .executeTakeFirst();
    expect(marked.numUpdatedRows).toBe(1n);
    expect(await t.app.outbox.requeue(key)).toBe(true);
    expect(await t.app.outbox.drain()).toBe(1);
    const delivery = await t.database.db
      .selectFrom('event_deliveries')
      .select('status')
      .where('event_id', '=', key.eventId)
      .where('handler', '=', key.handler)
      .executeTakeFirstOrThrow();
    expect(delivery.status).toBe('done');

    expect(await dayValues(t.database.db, '2026-03-03')).toEqual(before);
  });
});
