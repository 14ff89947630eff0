import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import type { DomainEvent } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import { createDatabase } from '../../platform/db/database.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import { signMercadoPago } from '../../testing/fake-mercadopago.js';
import type { PaymentsTestApp } from '../../testing/payments-test-app.js';
import { startPaymentsTestApp } from '../../testing/payments-test-app.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';

/**
 * The Mercado Pago settlement through the app: signed webhook notifications, the poll, and a
 * payment credited, flagged or closed exactly once however many settle it at the same time.
 * The in-test Mercado Pago is the one payments.test.ts uses (testing/fake-mercadopago.ts); the
 * settlement table itself is unit-tested in settlement-table.test.ts.
 */

const text = messages.deposits;
const TOKEN = 'APP_USR-1234567890123456-112233-abcdef0123456789abcdef0123456789-987654321';
const SECRET = 'f3c1a9d2b7e84c55a0e6b1d9c2f4a8e7';
const PIX = {
  pix_key: 'pix@chaveiro.com.br',
  pix_beneficiary: 'Chaveiro Tecnologia e Serviços Digitais LTDA',
  pix_city: 'São José dos Campos',
};

let payments: PaymentsTestApp;
let fake: FakeMercadoPago;
let t: TestApp;
let admin: TestUser;
let webhookUrl: string;
const paid: DomainEvent<'deposit.paid'>[] = [];
const probes = [
  defineHandler({
    name: 'test.deposit-paid-probe',
    on: 'deposit.paid',
    handle: (event) => {
      paid.push(event);
      return Promise.resolve();
    },
  }),
];

beforeAll(async () => {
  payments = await startPaymentsTestApp(TOKEN, { eventHandlers: probes });
  ({ fake, t, webhookUrl } = payments);
  admin = await t.createUser({ role: 'admin', username: 'chefe_pagamentos' });
});
afterAll(() => payments.close());
beforeEach(() => {
  fake.healthy();
});

const useGateway = async () => {
  const response = await t.as(admin).patch('/api/admin/payment-settings', {
    ...PIX,
    mode: 'mercadopago',
    mercadopago_access_token: TOKEN,
    mercadopago_webhook_secret: SECRET,
  });
  expect(response.statusCode).toBe(200);
};

async function waitForStatus(id: string, status: string) {
  await vi.waitFor(async () => expect((await payments.depositRow(id)).status).toBe(status), {
    timeout: 5000,
    interval: 20,
  });
}

describe('webhook: x-signature', () => {
  it('credits once for a valid notification, after re-reading the payment', async () => {
    await useGateway();
    const client = await t.createUser();
    const created = await payments.charge(client, 30);
    fake.approve(created.paymentId);
    const sent = await fake.sendWebhook(webhookUrl, SECRET, created.paymentId);
    expect(sent.status).toBe(200);
    await waitForStatus(created.deposit.id, 'approved');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(3000);
    const row = await payments.depositRow(created.deposit.id);
    expect(row).toMatchObject({
      gateway_status: 'approved/accredited',
      payer_email: client.email,
      payer_name: 'Comprador Teste',
    });
    expect(Number(row.paid_at)).toBe(t.clock.now());
    // The event's handlers run right after the settlement commits, not before the status shows.
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

  it('refuses forged, old, future, unsigned and replayed notifications with 401: nothing credited', async () => {
    await useGateway();
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
    await waitForStatus(created.deposit.id, 'approved');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(4000);
  });

  it('accepts notifications of unknown payments (200) and changes nothing', async () => {
    await useGateway();
    const sent = await fake.sendWebhook(webhookUrl, SECRET, 777_000_111);
    expect(sent.status).toBe(200);
    const events = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'payment.notified')
      .execute();
    expect(events.some((e) => e.payload.includes('777000111'))).toBe(false);
  });

  it('never trusts the body: a notification for a still-pending payment credits nothing', async () => {
    await useGateway();
    const client = await t.createUser();
    const created = await payments.charge(client, 12);
    expect((await fake.sendWebhook(webhookUrl, SECRET, created.paymentId)).status).toBe(200);
    await t.app.jobs.gatewayPoll.runOnce();
    expect((await payments.depositRow(created.deposit.id)).status).toBe('pending');
    expect(await t.fixtures.balance(client.id)).toBe(0);
  });
});

describe('settlement: exactly once', () => {
  it('credits once under 5 duplicate webhooks racing 3 polls', async () => {
    await useGateway();
    const client = await t.createUser();
    const created = await payments.charge(client, 77.7);
    fake.approve(created.paymentId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => fake.sendWebhook(webhookUrl, SECRET, created.paymentId)),
      t.app.jobs.gatewayPoll.runOnce(),
      t.app.jobs.gatewayPoll.runOnce(),
      t.app.jobs.gatewayPoll.runOnce(),
    ]);
    expect(results.slice(0, 5).map((r) => (r as { status: number }).status)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    await waitForStatus(created.deposit.id, 'approved');
    await t.app.outbox.stop();
    await t.app.outbox.drain();
    t.app.outbox.start();
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(7770);
    expect(await t.fixtures.ledger(client.id)).toHaveLength(1);
    expect(paid.filter((e) => e.payload.depositId === created.deposit.id)).toHaveLength(1);
  });

  it('the poll alone catches a lost webhook', async () => {
    await useGateway();
    const client = await t.createUser();
    const created = await payments.charge(client, 9.99);
    fake.approve(created.paymentId);
    const outcomes = await t.app.jobs.gatewayPoll.runOnce();
    expect(outcomes[String(created.paymentId)]).toBe('paid');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(999);
    expect((await t.app.jobs.gatewayPoll.runOnce())[String(created.paymentId)]).toBeUndefined();
  });

  it('a restart between the notification and its settlement still credits once', async () => {
    await useGateway();
    const client = await t.createUser();
    const created = await payments.charge(client, 55);
    fake.approve(created.paymentId);
    // The gateway cannot be read when the notification arrives: its settlement is retried.
    fake.down();
    const sent = await fake.sendWebhook(webhookUrl, SECRET, created.paymentId);
    expect(sent.status).toBe(200);
    await t.app.outbox.stop();
    expect((await payments.depositRow(created.deposit.id)).status).toBe('pending');
    fake.healthy();

    // A second process over the same database picks the retry up.
    const database = createDatabase(t.config);
    const second = await buildApp({
      config: t.config,
      database,
      clock: t.clock,
      eventHandlers: probes,
    });
    try {
      await second.ready();
      t.clock.advance(60_000);
      await second.outbox.stop();
      await second.outbox.drain();
      expect((await payments.depositRow(created.deposit.id)).status).toBe('approved');
      // Its poll and a late duplicate notification change nothing.
      await second.jobs.gatewayPoll.runOnce();
      expect((await fake.sendWebhook(webhookUrl, SECRET, created.paymentId)).status).toBe(200);
      await t.app.outbox.drain();
      await second.outbox.drain();
      expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(5500);
      expect(paid.filter((e) => e.payload.depositId === created.deposit.id)).toHaveLength(1);
    } finally {
      await second.close();
      await database.destroy();
      t.app.outbox.start();
    }
  });

  it('an amount or reference mismatch is not credited and is flagged for the admin', async () => {
    await useGateway();
    const client = await t.createUser();
    const created = await payments.charge(client, 100);
    fake.approve(created.paymentId, { amount: 1 });
    expect((await t.app.jobs.gatewayPoll.runOnce())[String(created.paymentId)]).toBe('flagged');
    expect(await t.fixtures.balance(client.id)).toBe(0);
    const row = await payments.depositRow(created.deposit.id);
    expect(row).toMatchObject({ status: 'pending', flag: 'amount_mismatch' });
    expect(await t.lastActivity()).toBe(
      text.logAmountMismatch(created.deposit.reference, client.username, 'R$ 1,00', 'R$ 100,00'),
    );
    const list = await t.as(admin).get(`/api/admin/deposits?q=${created.deposit.reference}`);
    expect(list.json()).toMatchObject({ items: [{ flag: 'amount_mismatch', status: 'pending' }] });
    // The admin refunds the mismatched payment: closed as refunded, nothing to take back.
    const refund = await t.as(admin).post(`/api/admin/deposits/${created.deposit.id}/refund`);
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ deposit: { status: 'refunded' } });
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);

    const other = await payments.charge(client, 10);
    fake.approve(other.paymentId, { externalReference: 'OUTRAREF' });
    expect((await t.app.jobs.gatewayPoll.runOnce())[String(other.paymentId)]).toBe('flagged');
    expect(await t.fixtures.balance(client.id)).toBe(0);
  });

  it('a payment in another currency is flagged like a wrong amount, never credited, by webhook or poll', async () => {
    await useGateway();
    const client = await t.createUser();
    // The right number, in dollars: by the webhook.
    const dollars = await payments.charge(client, 100);
    fake.approve(dollars.paymentId, { currency: 'USD' });
    expect((await fake.sendWebhook(webhookUrl, SECRET, dollars.paymentId)).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await payments.depositRow(dollars.deposit.id)).toMatchObject({
          status: 'pending',
          flag: 'amount_mismatch',
        }),
      { timeout: 5000, interval: 20 },
    );
    // No currency at all, or one nobody knows: by the poll.
    const unnamed = await payments.charge(client, 20);
    const unknown = await payments.charge(client, 30);
    fake.approve(unnamed.paymentId);
    delete (fake.payments.get(unnamed.paymentId) as { currency_id?: string }).currency_id;
    fake.approve(unknown.paymentId, { currency: 'XYZ' });
    const polled = await t.app.jobs.gatewayPoll.runOnce();
    expect(polled[String(unnamed.paymentId)]).toBe('flagged');
    expect(polled[String(unknown.paymentId)]).toBe('flagged');
    // Re-read later, still flagged and still not credited; nothing reached the balance.
    await t.app.jobs.gatewayPoll.runOnce();
    expect((await fake.sendWebhook(webhookUrl, SECRET, dollars.paymentId)).status).toBe(200);
    await t.app.outbox.drain();
    for (const { deposit } of [dollars, unnamed, unknown]) {
      expect(await payments.depositRow(deposit.id)).toMatchObject({
        status: 'pending',
        flag: 'amount_mismatch',
      });
    }
    expect(paid.filter((e) => e.payload.userId === client.id)).toEqual([]);
    // One audit line each, naming what was paid and in which currency.
    const lines = await t.database.db
      .selectFrom('activity')
      .select('action')
      .where('type', '=', 'deposit.amount_mismatch')
      .where('target', '=', `user:${client.id}`)
      .execute();
    expect(lines.map((line) => line.action).sort()).toEqual(
      [
        text.logAmountMismatch(
          dollars.deposit.reference,
          client.username,
          'US$ 100,00',
          'R$ 100,00',
        ),
        text.logAmountMismatch(
          unnamed.deposit.reference,
          client.username,
          `${text.currencyUnknown} 20,00`,
          'R$ 20,00',
        ),
        text.logAmountMismatch(unknown.deposit.reference, client.username, 'XYZ 30,00', 'R$ 30,00'),
      ].sort(),
    );
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
  });

  it('expired and cancelled charges close the deposit without credit', async () => {
    await useGateway();
    const client = await t.createUser();
    const expiring = await payments.charge(client, 10);
    const rejected = await payments.charge(client, 11);
    fake.expire(expiring.paymentId);
    fake.reject(rejected.paymentId);
    await t.app.jobs.gatewayPoll.runOnce();
    expect((await payments.depositRow(expiring.deposit.id)).status).toBe('expired');
    expect((await payments.depositRow(rejected.deposit.id)).status).toBe('cancelled');
    expect(await t.fixtures.balance(client.id)).toBe(0);
  });
});
