import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import { GATEWAY_SECRET as SECRET, startDepositsTestApp } from '../../testing/deposits-test-app.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';

/**
 * What the Mercado Pago settlement does with each answer of the gateway, through the app: the
 * poll crediting a paid charge whose notification was lost and leaving a deposit alone while the
 * gateway fails, a payment that does not match its charge flagged and never credited, an unpaid
 * charge closed. Races are in settlement-races.test.ts, refunds in refunds.test.ts; the
 * settlement table itself is unit-tested in settlement-table.test.ts.
 */

const text = messages.deposits;
let payments: DepositsTestApp;
let fake: FakeMercadoPago;
let t: TestApp;
let admin: TestUser;
let webhookUrl: string;

beforeAll(async () => {
  payments = await startDepositsTestApp();
  ({ fake, t, admin, webhookUrl } = payments);
});
afterAll(() => payments.close());
beforeEach(async () => {
  fake.healthy();
  await payments.useGateway();
});

describe('the poll', () => {
  it('the poll alone catches a lost webhook', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 9.99);
    fake.approve(created.paymentId);
    const outcomes = await t.app.jobs.gatewayPoll.runOnce();
    expect(outcomes[String(created.paymentId)]).toBe('paid');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(999);
    expect((await t.app.jobs.gatewayPoll.runOnce())[String(created.paymentId)]).toBeUndefined();
  });

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
});

describe('a payment that does not match its charge', () => {
  it('an amount or reference mismatch is not credited and is flagged for the admin', async () => {
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
});

describe('a payment in another currency', () => {
  it('a payment in another currency is flagged like a wrong amount, never credited, by webhook or poll', async () => {
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
    expect(payments.paid.filter((e) => e.payload.userId === client.id)).toEqual([]);
    // One audit line each, naming what was paid and in which currency.
    const lines = await t.database.db
      .selectFrom('activity')
      .select('action')
      .where('type', '=', 'deposit.amount_mismatch')
      .where('target', '=', `user:${client.id}`)
      .execute();
    const mismatch = (reference: string, paidAs: string, expected: string) =>
      text.logAmountMismatch(reference, client.username, paidAs, expected);
    expect(lines.map((line) => line.action).sort()).toEqual(
      [
        mismatch(dollars.deposit.reference, 'US$ 100,00', 'R$ 100,00'),
        mismatch(unnamed.deposit.reference, `${text.currencyUnknown} 20,00`, 'R$ 20,00'),
        mismatch(unknown.deposit.reference, 'XYZ 30,00', 'R$ 30,00'),
      ].sort(),
    );
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
  });
});

describe('a charge that closes unpaid', () => {
  it('expired and cancelled charges close the deposit without credit', async () => {
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
