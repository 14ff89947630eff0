import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../platform/db/database.js';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import { GATEWAY_SECRET as SECRET, startDepositsTestApp } from '../../testing/deposits-test-app.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import { signMercadoPago } from '../../testing/fake-mercadopago.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestClient } from '../../testing/test-client.js';

/**
 * Mercado Pago's notifications (POST /api/payments/mercadopago/webhook), signed with x-signature
 * over the query's data.id, x-request-id and ts: a valid one schedules a settlement that re-reads
 * the payment; a forged, old, future, malformed or replayed one is refused with 401, and no
 * header, query or body makes it answer 500. The in-test Mercado Pago signs as documented
 * (testing/fake-mercadopago.ts).
 */

const text = messages.deposits;
let payments: DepositsTestApp;
let fake: FakeMercadoPago;
let t: TestApp;
let webhookUrl: string;

beforeAll(async () => {
  payments = await startDepositsTestApp();
  ({ fake, t, webhookUrl } = payments);
});
afterAll(() => payments.close());
beforeEach(async () => {
  fake.healthy();
  await payments.useGateway();
});

/** A webhook POST with full control over query, headers and body ('' content type: none). */
function webhook(options: {
  query?: string;
  headers?: Record<string, string>;
  payload?: string | object;
  contentType?: string;
}) {
  const { query = '', payload, contentType = 'application/json' } = options;
  return t.anonymous.post(
    `/api/payments/mercadopago/webhook${query}`,
    typeof payload === 'object' ? JSON.stringify(payload) : payload,
    {
      headers: {
        ...(contentType === '' ? {} : { 'content-type': contentType }),
        ...options.headers,
      },
    },
  );
}

function signed(dataId: string, requestId: string, ts = Math.floor(t.clock.now() / 1000)) {
  return {
    'x-signature': signMercadoPago(SECRET, dataId, requestId, ts),
    'x-request-id': requestId,
  };
}

describe('a signed notification', () => {
  it('credits once for a valid notification, after re-reading the payment', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 30);
    fake.approve(created.paymentId);
    const sent = await fake.sendWebhook(webhookUrl, SECRET, created.paymentId);
    expect(sent.status).toBe(200);
    await payments.waitForStatus(created.deposit.id, 'approved');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(3000);
    const row = await payments.depositRow(created.deposit.id);
    expect(row).toMatchObject({
      gateway_status: 'approved/accredited',
      payer_email: client.email,
      payer_name: 'Comprador Teste',
    });
    expect(Number(row.paid_at)).toBe(t.clock.now());
    // The event's handlers run right after the settlement commits, not before the status shows.
    const { paid } = payments;
    await vi.waitFor(() =>
      expect(paid.filter((e) => e.payload.depositId === created.deposit.id)).toHaveLength(1),
    );
    expect(paid.find((e) => e.payload.depositId === created.deposit.id)?.payload).toMatchObject({
      gateway: 'mercadopago',
      by: null,
      orderId: null,
    });
    expect(await t.lastActivity()).toBe(
      text.logPaid(created.deposit.reference, client.username, 'R$ 30,00'),
    );
    const detail = await t.as(client).get(`/api/deposits/${created.deposit.id}`);
    expect(detail.json()).toMatchObject({ deposit: { status: 'approved' }, instructions: null });
  });

  it('accepts notifications of unknown payments (200) and changes nothing', async () => {
    const sent = await fake.sendWebhook(webhookUrl, SECRET, 777_000_111);
    expect(sent.status).toBe(200);
    const events = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'payment.notified')
      .execute();
    expect(events.some((e) => e.payload.includes('777000111'))).toBe(false);
  });
});

describe('what a notification cannot do', () => {
  it('never trusts the body: a notification for a still-pending payment credits nothing', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 12);
    expect((await fake.sendWebhook(webhookUrl, SECRET, created.paymentId)).status).toBe(200);
    await t.app.jobs.gatewayPoll.runOnce();
    expect((await payments.depositRow(created.deposit.id)).status).toBe('pending');
    expect(await t.fixtures.balance(client.id)).toBe(0);
  });

  it('refuses forged, old, future, unsigned and replayed notifications with 401: nothing credited', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 40);
    fake.approve(created.paymentId);
    const nowS = Math.floor(t.clock.now() / 1000);
    const attempts = [
      fake.sendWebhook(webhookUrl, 'not-the-secret', created.paymentId),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId, { ts: nowS - 6 * 60 }),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId, { ts: nowS + 5 * 60 }),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId, { signature: '' }),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId, { signature: 'ts=1,v1=zz' }),
      // Signed for another payment id than the query's.
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId, {
        signature: signMercadoPago(SECRET, '999', 'req-x', nowS),
        requestId: 'req-x',
      }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.status).toBe(401);
      expect(JSON.parse(attempt.body)).toEqual({
        message: text.webhookInvalid,
        code: 'WEBHOOK_SIGNATURE_INVALID',
      });
    }
    // Nothing was scheduled: the poll is not run here, the deposit waits.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await payments.depositRow(created.deposit.id)).status).toBe('pending');
    expect(await t.fixtures.balance(client.id)).toBe(0);

    const first = await fake.sendWebhook(webhookUrl, SECRET, created.paymentId);
    expect(first.status).toBe(200);
    const replay = await fake.sendWebhook(webhookUrl, SECRET, created.paymentId, {
      requestId: first.requestId,
    });
    expect(replay.status).toBe(401);
    await payments.waitForStatus(created.deposit.id, 'approved');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(4000);
  });
});

describe('the x-signature header, however it is written', () => {
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
});

describe('the signed data.id', () => {
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
});

describe('the body, never read for the payment', () => {
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
});

describe('a replay across processes', () => {
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
        createTestClient(second, null).post(`/api/payments/mercadopago/webhook${query}`, '{}', {
          headers: { ...headers, 'content-type': 'application/json' },
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
      await payments.waitForStatus(created.deposit.id, 'approved');
      await second.outbox.drain();
      await t.app.outbox.drain();
      expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(2100);
    } finally {
      await second.close();
      await database.destroy();
    }
  });
});
