import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import { GATEWAY_SECRET as SECRET, startDepositsTestApp } from '../../testing/deposits-test-app.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';

/**
 * Money going back through Mercado Pago: a refund or chargeback the gateway notifies (or only the
 * poll finds) takes the deposit back from the balance once, flagging what was already spent;
 * the admin cancels a pending charge and refunds a paid one through the gateway.
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

/** The deposit.refunded events of one deposit. */
const refundsOf = (depositId: string) =>
  payments.refunded.filter((e) => e.payload.depositId === depositId);

describe('a refund notified by Mercado Pago', () => {
  it('a refund notified later debits the balance once, with ledger, activity and event', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 20);
    fake.approve(created.paymentId);
    await t.app.jobs.gatewayPoll.runOnce();
    fake.refund(created.paymentId);
    await Promise.all([
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId),
    ]);
    await payments.waitForStatus(created.deposit.id, 'refunded');
    await vi.waitFor(() => expect(refundsOf(created.deposit.id)).toHaveLength(1));
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
    expect((await t.fixtures.ledger(client.id)).map((l) => l.reason)).toEqual([
      text.reasonDeposit(created.deposit.reference),
      text.reasonRefund(created.deposit.reference),
    ]);
    expect(refundsOf(created.deposit.id)[0]?.payload).toEqual({
      depositId: created.deposit.id,
      userId: client.id,
      amountCents: 2000,
      reference: created.deposit.reference,
      orderId: null,
      balanceAfterCents: 0,
    });
    expect((await payments.depositRow(created.deposit.id)).flag).toBeNull();
  });
});

describe('a chargeback after the money was spent', () => {
  it('a chargeback after the money was spent flags the uncovered amount for the admin', async () => {
    const client = await t.createUser();
    const created = await payments.charge(client, 50);
    fake.approve(created.paymentId);
    await t.app.jobs.gatewayPoll.runOnce();
    // The customer spends R$ 30 of it.
    await t.database.db
      .updateTable('users')
      .set({ balance_cents: 2000 })
      .where('id', '=', client.id)
      .execute();
    await t.database.db
      .insertInto('balance_ledger')
      .values({
        id: `spent-${client.id}`,
        user_id: client.id,
        actor_id: null,
        amount_cents: -3000,
        reason: 'Compra',
        balance_after_cents: 2000,
        created_at: t.clock.now(),
      })
      .execute();
    fake.chargeback(created.paymentId);
    expect((await fake.sendWebhook(webhookUrl, SECRET, created.paymentId)).status).toBe(200);
    await payments.waitForStatus(created.deposit.id, 'refunded');
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
    const list = await t.as(admin).get(`/api/admin/deposits?q=${created.deposit.reference}`);
    expect(list.json()).toMatchObject({
      items: [
        {
          status: 'refunded',
          flag: 'negative_balance',
          uncovered_amount: 30,
          gateway_status: 'charged_back/settled',
        },
      ],
    });
    await vi.waitFor(() =>
      expect(refundsOf(created.deposit.id)[0]?.payload.balanceAfterCents).toBe(-3000),
    );
  });
});

describe("the admin's gateway actions", () => {
  it('the admin cancels a pending charge and refunds a paid one through the gateway', async () => {
    const client = await t.createUser();
    const pending = await payments.charge(client, 15);
    const cancel = await t.as(admin).post(`/api/admin/deposits/${pending.deposit.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      message: text.cancelled,
      deposit: { status: 'cancelled', gateway_payment_id: String(pending.paymentId) },
    });
    expect(fake.payments.get(pending.paymentId)?.status).toBe('cancelled');
    expect(await t.lastActivity()).toBe(
      text.logCancelled(pending.deposit.reference, client.username),
    );
    const again = await t.as(admin).post(`/api/admin/deposits/${pending.deposit.id}/cancel`);
    expect(again.statusCode).toBe(409);

    const paidCharge = await payments.charge(client, 25);
    fake.approve(paidCharge.paymentId);
    await t.app.jobs.gatewayPoll.runOnce();
    fake.down();
    const failed = await t.as(admin).post(`/api/admin/deposits/${paidCharge.deposit.id}/refund`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      message: text.gatewayActionFailed,
      code: 'PAYMENT_GATEWAY_UNAVAILABLE',
    });
    expect(await t.fixtures.balance(client.id)).toBe(2500);
    fake.healthy();
    const refund = await t.as(admin).post(`/api/admin/deposits/${paidCharge.deposit.id}/refund`);
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({
      message: text.refunded,
      deposit: { status: 'refunded' },
    });
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);

    // Gateway deposits are not approved by hand; manual ones have no gateway actions.
    const third = await payments.charge(client, 5);
    const approve = await t.as(admin).post(`/api/admin/deposits/${third.deposit.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ message: text.automaticDeposit, code: 'DEPOSIT_AUTOMATIC' });
    await payments.useManual();
    const manual = await payments.openDeposit(client, 5);
    const refuse = await t.as(admin).post(`/api/admin/deposits/${manual.id}/refund`);
    expect(refuse.statusCode).toBe(409);
    expect(refuse.json()).toEqual({ message: text.notGatewayDeposit, code: 'DEPOSIT_NOT_GATEWAY' });
  });
});

describe('a refund after the money was spent on the order it paid', () => {
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
