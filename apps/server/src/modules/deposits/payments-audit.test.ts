import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../platform/db/database.js';
import { createMercadoPagoClient } from './mercadopago-client.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import { signMercadoPago } from '../../testing/fake-mercadopago.js';
import type { PaymentsTestApp } from '../../testing/payments-test-app.js';
import { startPaymentsTestApp } from '../../testing/payments-test-app.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';

/**
 * Audit of the payments work: webhook edge cases, replay across two processes,
 * settlement races with the admin's actions, the poll under a failing gateway, duplicate
 * checkouts and secrets kept out of answers and logs. The in-test Mercado Pago follows the
 * documented "Create payment" (PIX), "Get payment", "Update payment", "Create refund" and the
 * webhook x-signature scheme, as in payments.test.ts.
 */

const text = messages.deposits;
const TOKEN = 'APP_USR-5550001112223334-112233-feedfacecafebeef0123456789abcdef-123456789';
const SECRET = 'a9e1c3d5b7f90246813579bdf02468ac';
const PIX = {
  pix_key: 'pix@chaveiro.com.br',
  pix_beneficiary: 'Chaveiro Tecnologia',
  pix_city: 'Curitiba',
};

let payments: PaymentsTestApp;
let fake: FakeMercadoPago;
let t: TestApp;
let admin: TestUser;
let webhookUrl: string;
const logLines: string[] = [];

beforeAll(async () => {
  payments = await startPaymentsTestApp(TOKEN, {
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  ({ fake, t, webhookUrl } = payments);
  admin = await t.createUser({ role: 'admin', username: 'auditor_pagamentos' });
});
afterAll(() => payments.close());
beforeEach(async () => {
  fake.healthy();
  await useGateway();
});

async function useGateway() {
  const response = await t.as(admin).patch('/api/admin/payment-settings', {
    ...PIX,
    mode: 'mercadopago',
    mercadopago_access_token: TOKEN,
    mercadopago_webhook_secret: SECRET,
  });
  expect(response.statusCode).toBe(200);
}

/** A raw webhook POST with full control over headers, query and body. */
function webhook(options: {
  query?: string;
  headers?: Record<string, string>;
  payload?: string | object;
  contentType?: string;
}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/mercadopago/webhook${options.query ?? ''}`,
    headers: {
      ...(options.contentType === undefined
        ? { 'content-type': 'application/json' }
        : options.contentType === ''
          ? {}
          : { 'content-type': options.contentType }),
      ...options.headers,
    },
    ...(options.payload === undefined
      ? {}
      : {
          payload:
            typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload),
        }),
  });
}

function signed(dataId: string, requestId: string, ts = Math.floor(t.clock.now() / 1000)) {
  return {
    'x-signature': signMercadoPago(SECRET, dataId, requestId, ts),
    'x-request-id': requestId,
  };
}

describe('webhook edge cases', () => {
  it('answers 401 (never 500) to missing or malformed signature parts', async () => {
    const ts = Math.floor(t.clock.now() / 1000);
    const good = signMercadoPago(SECRET, '123', 'r-1', ts);
    const v1 = good.split('v1=')[1]!;
    const cases: Record<string, string>[] = [
      {},
      { 'x-request-id': 'r-1' },
      { 'x-signature': good },
      { 'x-signature': `v1=${v1}`, 'x-request-id': 'r-1' },
      { 'x-signature': `ts=${String(ts)}`, 'x-request-id': 'r-1' },
      { 'x-signature': 'ts=,v1=', 'x-request-id': 'r-1' },
      { 'x-signature': ',,,=,=', 'x-request-id': 'r-1' },
      { 'x-signature': `ts=${String(ts)},v1=${v1.slice(2)}`, 'x-request-id': 'r-1' },
      { 'x-signature': `ts=-1,v1=${v1}`, 'x-request-id': 'r-1' },
      { 'x-signature': `ts=1e3,v1=${v1}`, 'x-request-id': 'r-1' },
      { 'x-signature': 'x'.repeat(5000), 'x-request-id': 'r-1' },
    ];
    for (const headers of cases) {
      const response = await webhook({
        query: '?data.id=123&type=payment',
        headers,
        payload: { data: { id: '123' } },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({
        message: text.webhookInvalid,
        code: 'WEBHOOK_SIGNATURE_INVALID',
      });
    }
  });

  it('accepts uppercase hex and spaces around the parts, like MP may send them', async () => {
    const ts = Math.floor(t.clock.now() / 1000);
    const good = signMercadoPago(SECRET, '424242', 'r-upper', ts);
    const v1 = good.split('v1=')[1]!.toUpperCase();
    const response = await webhook({
      query: '?data.id=424242&type=payment',
      headers: { 'x-signature': ` ts = ${String(ts)} , v1 = ${v1} `, 'x-request-id': 'r-upper' },
      payload: { data: { id: '424242' } },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lower-cases an alphanumeric data.id in the manifest; data.id only in the body is refused', async () => {
    const upper = await webhook({
      query: '?data.id=ABC123def&type=merchant_order',
      headers: signed('abc123def', 'r-alnum'),
      payload: {},
    });
    expect(upper.statusCode).toBe(200);
    const bodyOnly = await webhook({
      query: '?type=payment',
      headers: signed('555', 'r-body-only'),
      payload: { data: { id: '555' }, type: 'payment' },
    });
    expect(bodyOnly.statusCode).toBe(401);
    const tooLong = await webhook({
      query: `?data.id=${'9'.repeat(200)}&type=payment`,
      headers: signed('9'.repeat(200), 'r-long'),
      payload: {},
    });
    expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooLong.statusCode).toBeLessThan(500);
    const twice = await webhook({
      query: '?data.id=1&data.id=2&type=payment',
      headers: signed('1', 'r-twice'),
      payload: {},
    });
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    expect(twice.statusCode).toBeLessThan(500);
  });

  it('answers 4xx to empty, huge, deeply nested and non-JSON bodies', async () => {
    const query = '?data.id=31337&type=payment';
    const bodies = [
      webhook({ query, headers: signed('31337', 'r-e1') }),
      webhook({ query, headers: signed('31337', 'r-e2'), payload: '' }),
      webhook({ query, headers: signed('31337', 'r-e3'), payload: '{"data":' }),
      webhook({ query, headers: signed('31337', 'r-e4'), payload: 'x'.repeat(3 * 1024 * 1024) }),
      webhook({ query, headers: signed('31337', 'r-e5'), payload: '['.repeat(200_000) }),
      webhook({
        query,
        headers: signed('31337', 'r-e6'),
        payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      }),
      webhook({
        query,
        headers: signed('31337', 'r-e7'),
        payload: 'id=1',
        contentType: 'application/x-www-form-urlencoded',
      }),
      webhook({
        query,
        headers: signed('31337', 'r-e8'),
        payload: 'hello',
        contentType: 'text/plain',
      }),
      webhook({ query, headers: signed('31337', 'r-e9'), payload: '{}', contentType: '' }),
      webhook({ query, headers: signed('31337', 'r-e10'), payload: '{"__proto__":{"x":1}}' }),
    ];
    const statuses = (await Promise.all(bodies)).map((r) => r.statusCode);
    for (const status of statuses) expect(status, statuses.join(',')).toBeLessThan(500);
  });

  it('refuses a replay sent to a second process over the same database', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 21);
    fake.approve(created.paymentId);
    const database = createDatabase(t.config);
    const second = await buildApp({ config: t.config, database, clock: t.clock });
    try {
      await second.ready();
      const headers = signed(String(created.paymentId), 'r-two-processes');
      const query = `?data.id=${String(created.paymentId)}&type=payment`;
      const [a, b] = await Promise.all([
        webhook({ query, headers, payload: {} }),
        second.inject({
          method: 'POST',
          url: `/api/payments/mercadopago/webhook${query}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{}',
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
      await vi.waitFor(
        async () => expect((await payments.depositRow(created.deposit.id)).status).toBe('approved'),
        { timeout: 5000, interval: 20 },
      );
      await second.outbox.drain();
      await t.app.outbox.drain();
      expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(2100);
    } finally {
      await second.close();
      await database.destroy();
    }
  });
});

describe('settlement against the admin and a failing gateway', () => {
  it('the poll never closes a deposit while the gateway is down or answers garbage', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 15);
    for (const mode of ['down', 'garbage'] as const) {
      fake[mode]();
      await t.app.jobs.gatewayPoll.runOnce();
      expect((await payments.depositRow(created.deposit.id)).status).toBe('pending');
    }
    fake.healthy();
    fake.approve(created.paymentId);
    await t.app.jobs.gatewayPoll.runOnce();
    expect((await payments.depositRow(created.deposit.id)).status).toBe('approved');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(1500);
  });

  it('manual approval of a gateway deposit is refused; cancel racing the payment credits once', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 33);
    const approve = await t.as(admin).post(`/api/admin/deposits/${created.deposit.id}/approve`);
    expect(approve.statusCode).toBe(409);
    fake.approve(created.paymentId);
    const [cancel] = await Promise.all([
      t.as(admin).post(`/api/admin/deposits/${created.deposit.id}/cancel`),
      t.app.jobs.gatewayPoll.runOnce(),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId),
    ]);
    // Paid before the admin's cancel reached the gateway: 409, not a gateway failure (502).
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'DEPOSIT_NOT_PENDING' });
    await vi.waitFor(
      async () => expect((await payments.depositRow(created.deposit.id)).status).toBe('approved'),
      { timeout: 5000, interval: 20 },
    );
    await t.app.outbox.drain();
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(3300);
    // Refund racing a chargeback notification and the poll: debited once.
    const [refund] = await Promise.all([
      t.as(admin).post(`/api/admin/deposits/${created.deposit.id}/refund`),
      t.app.jobs.gatewayPoll.runOnce(),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId),
    ]);
    expect(refund.statusCode).toBe(200);
    await t.app.outbox.drain();
    expect((await payments.depositRow(created.deposit.id)).status).toBe('refunded');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
    expect(await t.fixtures.ledger(client.id)).toHaveLength(2);
  });
});

describe('settlement on a stale read', () => {
  it('a refund read while another settlement credits the deposit still takes it back once', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 44);
    const real = createMercadoPagoClient({ baseUrl: fake.url });
    let release: () => void = () => undefined;
    let gateNext = false;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The service as services.ts builds it, its gateway reads held back on demand.
    const service = payments.depositsService({
      ...real,
      async getPayment(token, id) {
        if (gateNext) {
          gateNext = false;
          await gate;
        }
        return real.getPayment(token, id);
      },
    });
    fake.approve(created.paymentId);
    // Settlement B reads the deposit (pending), then waits for the gateway...
    gateNext = true;
    const late = service.settle(String(created.paymentId));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // ...while settlement A credits it, and the payer's bank refunds it.
    expect(await service.settle(String(created.paymentId))).toBe('paid');
    expect(await t.fixtures.balance(client.id)).toBe(4400);
    fake.refund(created.paymentId);
    release();
    expect(await late).toBe('refunded');
    expect((await payments.depositRow(created.deposit.id)).status).toBe('refunded');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
    expect(await service.settle(String(created.paymentId))).toBe('unchanged');
    expect(await t.fixtures.ledger(client.id)).toHaveLength(2);
  });
});

describe('checkout by Mercado Pago', () => {
  it("a double click opens one charge: the loser's charge is cancelled at the gateway", async () => {
    const product = await t.fixtures.product({ plans: { monthly: 3990 } });
    const buyer = await t.createUser();
    const body = { productId: product.id, durationType: 'monthly', payWith: 'pix' };
    const answers = await Promise.all([
      t.as(buyer).post('/api/shop/checkout', body),
      t.as(buyer).post('/api/shop/checkout', body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const orders = answers.map((a) => a.json<{ order: { id: string } }>().order.id);
    expect(orders[0]).toBe(orders[1]);
    const deposits = await t.database.db
      .selectFrom('deposits')
      .select(['id', 'reference'])
      .where('user_id', '=', buyer.id)
      .execute();
    expect(deposits).toHaveLength(1);
    const charges = [...fake.payments.values()].filter((p) => p.payer.email === buyer.email);
    const payable = charges.filter((p) => p.status === 'pending');
    expect(payable.map((p) => p.external_reference)).toEqual([deposits[0]!.reference]);
  });

  it('a charge that expires or is cancelled unpaid cancels its order, and the next checkout opens a new one', async () => {
    const product = await t.fixtures.product({ plans: { daily: 590, weekly: 1990 } });
    const buyer = await t.createUser();
    const open = async (durationType: string) => {
      const answer = await t.as(buyer).post('/api/shop/checkout', {
        productId: product.id,
        durationType,
        payWith: 'pix',
      });
      expect(answer.statusCode).toBe(200);
      const { order, deposit } = answer.json<{ order: { id: string }; deposit: { id: string } }>();
      const paymentId = Number((await payments.depositRow(deposit.id)).gateway_payment_id);
      return { orderId: order.id, paymentId };
    };
    const orderOf = async (id: string) =>
      (await t.as(buyer).get(`/api/orders/${id}`)).json<{
        status: string;
        failure_reason: string | null;
      }>();

    const expiring = await open('daily');
    const cancelled = await open('weekly');
    fake.expire(expiring.paymentId);
    fake.reject(cancelled.paymentId);
    await t.app.jobs.gatewayPoll.runOnce();
    await t.app.outbox.drain();

    expect(await orderOf(expiring.orderId)).toMatchObject({
      status: 'cancelled',
      failure_reason: messages.orders.cancelledChargeExpired,
    });
    expect(await orderOf(cancelled.orderId)).toMatchObject({
      status: 'cancelled',
      failure_reason: messages.orders.cancelledChargeClosed,
    });
    // A second poll (or the webhook) finds the deposit closed: nothing recorded twice.
    await t.app.jobs.gatewayPoll.runOnce();
    const closedEvents = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'deposit.closed')
      .execute();
    expect(closedEvents).toHaveLength(2);

    const again = await open('daily');
    expect(again.orderId).not.toBe(expiring.orderId);
    expect(await t.fixtures.balance(buyer.id)).toBe(0);
  });
});

describe('refund after the money was spent on the order it paid', () => {
  it('takes nothing twice, flags the whole amount uncovered and keeps the order and ledger', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 2590 } });
    const buyer = await t.createUser();
    const opened = await t.as(buyer).post('/api/shop/checkout', {
      productId: product.id,
      durationType: 'weekly',
      payWith: 'pix',
    });
    expect(opened.statusCode).toBe(200);
    const { order, deposit } = opened.json<{ order: { id: string }; deposit: { id: string } }>();
    const paymentId = (await payments.depositRow(deposit.id)).gateway_payment_id!;
    fake.approve(Number(paymentId));
    await t.app.jobs.gatewayPoll.runOnce();
    await t.app.outbox.drain();
    const completed = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(completed.status).toBe('completed');
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(0);

    const refunds = await Promise.all([
      t.as(admin).post(`/api/admin/deposits/${deposit.id}/refund`),
      t.as(admin).post(`/api/admin/deposits/${deposit.id}/refund`),
    ]);
    // A double click: one refund, the other told it is done (409), not a gateway failure.
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(refunds.find((r) => r.statusCode === 409)?.json()).toEqual({
      message: text.alreadyRefunded,
      code: 'DEPOSIT_NOT_REFUNDABLE',
    });
    await t.app.jobs.gatewayPoll.runOnce();
    await t.app.outbox.drain();
    const row = await payments.depositRow(deposit.id);
    expect(row).toMatchObject({ status: 'refunded', flag: 'negative_balance' });
    expect(Number(row.uncovered_cents)).toBe(2590);
    // Nothing could be taken back: the balance stays at zero, no empty ledger line.
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(0);
    expect(await t.fixtures.ledger(buyer.id)).toHaveLength(2);
  });
});

describe('secrets', () => {
  it('never leaves the access token or the webhook secret in answers, activity or logs', async () => {
    const client = await t.createUser();
    fake.down();
    expect((await t.as(client).post('/api/deposits', { amount: 10 })).statusCode).toBe(502);
    fake.healthy();
    const created = await payments.charge(client, 10);
    fake.down();
    await t.app.jobs.gatewayPoll.runOnce();
    expect(
      (await t.as(admin).post(`/api/admin/deposits/${created.deposit.id}/cancel`)).statusCode,
    ).toBe(502);
    fake.healthy();
    fake.tokens.clear();
    fake.tokens.add('another-token');
    await t.app.jobs.gatewayPoll.runOnce();
    fake.tokens.clear();
    fake.tokens.add(TOKEN);
    await fake.sendWebhook(webhookUrl, 'wrong', created.paymentId);
    const answers = [
      await t.as(admin).get('/api/admin/payment-settings'),
      await t.as(admin).get('/api/admin/deposits?status=all'),
      await t.as(client).get(`/api/deposits/${created.deposit.id}`),
      await t.as(admin).get('/api/admin/activity'),
      await t.as(admin).get('/api/settings'),
    ];
    const activity = await t.database.db.selectFrom('activity').select('action').execute();
    const events = await t.database.db.selectFrom('events').select('payload').execute();
    const everything = [
      ...answers.map((r) => r.body),
      ...activity.map((r) => r.action),
      ...events.map((r) => r.payload),
      ...logLines,
    ].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(TOKEN.slice(8, 30));
    expect(everything).not.toContain(SECRET);
  });
});

describe('a refund whose webhook never arrives', () => {
  // Last in the file: it moves the clock past the sessions' lifetime.
  it('is found by the poll re-reading recently paid charges, at most every 6 hours each', async () => {
    const client = await t.createUser();
    const paid = await payments.charge(client, 30);
    fake.approve(paid.paymentId);
    expect((await t.app.jobs.gatewayPoll.runOnce())[String(paid.paymentId)]).toBe('paid');
    expect(await t.fixtures.balance(client.id)).toBe(3000);

    fake.refund(paid.paymentId); // Mercado Pago refunds it; the notification is lost.
    // Read moments ago: not re-read yet.
    expect(await t.app.jobs.gatewayPoll.runOnce()).not.toHaveProperty(String(paid.paymentId));
    t.clock.advance(6 * 60 * 60 * 1000 + 1);
    expect((await t.app.jobs.gatewayPoll.runOnce())[String(paid.paymentId)]).toBe('refunded');
    expect((await payments.depositRow(paid.deposit.id)).status).toBe('refunded');
    expect(await t.fixtures.balance(client.id)).toBe(0);
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);

    // Refunded deposits are no longer re-read; nothing is taken twice.
    t.clock.advance(6 * 60 * 60 * 1000 + 1);
    expect(await t.app.jobs.gatewayPoll.runOnce()).not.toHaveProperty(String(paid.paymentId));
    expect(await t.fixtures.balance(client.id)).toBe(0);
  });
});
