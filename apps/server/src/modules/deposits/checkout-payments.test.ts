import type { CheckoutResponse, OrderReceipt } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import { GATEWAY_SECRET as SECRET, startDepositsTestApp } from '../../testing/deposits-test-app.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import type { TestApp } from '../../testing/test-app.js';

/**
 * Deposits that pay an order: the shop's checkout by PIX through Mercado Pago, one charge per
 * order however often it is clicked, an unpaid charge cancelling its order, and the deposits
 * service attaching a deposit to its order in the same transaction.
 */

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

describe('checkout by PIX through Mercado Pago', () => {
  it('completes the order on the webhook; its receipt names Mercado Pago and its payment id', async () => {
    const client = await t.createUser();
    const product = await t.fixtures.product({ name: 'Recibo MP', plans: { monthly: 4990 } });
    const response = await t.as(client).post('/api/shop/checkout', {
      productId: product.id,
      durationType: 'monthly',
      payWith: 'pix',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<CheckoutResponse>();
    expect(body.instructions).toMatchObject({ gateway: 'mercadopago', amount: 49.9 });
    const payment = [...fake.payments.values()].find(
      (p) => p.external_reference === body.deposit?.reference,
    );
    expect(payment).toBeDefined();
    // While pending the receipt already carries the gateway's id (the charge exists there).
    expect(body.order.deposit).toMatchObject({
      gateway: 'mercadopago',
      gateway_payment_id: String(payment!.id),
    });

    fake.approve(payment!.id);
    expect((await fake.sendWebhook(webhookUrl, SECRET, payment!.id)).status).toBe(200);
    const receipt = async () => {
      const answer = await t.as(client).get(`/api/orders/${body.order.id}`);
      expect(answer.statusCode).toBe(200);
      return answer.json<OrderReceipt>();
    };
    await vi.waitFor(async () => expect((await receipt()).status).toBe('completed'), {
      timeout: 5000,
      interval: 20,
    });
    expect((await receipt()).deposit).toEqual({
      id: body.deposit?.id,
      amount: 49.9,
      reference: body.deposit?.reference,
      status: 'approved',
      gateway: 'mercadopago',
      gateway_payment_id: String(payment!.id),
    });
  });
});

describe('checkout clicked twice', () => {
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
});

describe('an order whose charge closes unpaid', () => {
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

describe('DepositsService.create with an order', () => {
  it('attaches in the same transaction and allows less than the plain minimum', async () => {
    const client = await t.createUser();
    // The service as services.ts builds it (the commerce module calls it the same way).
    const service = payments.depositsService();
    const attached: string[] = [];
    const created = await service.create(client.id, 150, {
      orderId: 'order-1',
      attach: async (trx, deposit) => {
        const row = await trx
          .selectFrom('deposits')
          .select('order_id')
          .where('id', '=', deposit.id)
          .executeTakeFirst();
        attached.push(row?.order_id ?? 'missing');
      },
    });
    expect(attached).toEqual(['order-1']);
    expect(created.deposit).toMatchObject({ amount: 1.5, order_id: 'order-1' });
    const payment = [...fake.payments.values()].find(
      (p) => p.external_reference === created.deposit.reference,
    );
    fake.approve(payment!.id);
    await t.app.jobs.gatewayPoll.runOnce();
    await t.app.outbox.idle();
    expect(
      payments.paid.find((e) => e.payload.depositId === created.deposit.id)?.payload.orderId,
    ).toBe('order-1');

    // A failing attach leaves no deposit (and cancels the charge it made).
    await expect(
      service.create(client.id, 200, {
        orderId: 'order-2',
        attach: () => Promise.reject(new Error('order refused')),
      }),
    ).rejects.toThrow('order refused');
    const orphan = [...fake.payments.values()].at(-1);
    expect(orphan?.status).toBe('cancelled');
    expect(
      await t.database.db
        .selectFrom('deposits')
        .select('id')
        .where('order_id', '=', 'order-2')
        .execute(),
    ).toEqual([]);
  });
});
