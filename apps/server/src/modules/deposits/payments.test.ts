import type { CheckoutResponse, OrderReceipt } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import type { PaymentsTestApp } from '../../testing/payments-test-app.js';
import { startPaymentsTestApp } from '../../testing/payments-test-app.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { brCodeText } from './br-code.js';

/**
 * Payments against an in-test Mercado Pago (testing/fake-mercadopago.ts, which follows the
 * documented "Create payment" PIX example, "Get payment", "Update payment", "Create refund" and
 * the webhook's x-signature scheme): the charges, the payment settings, refunds and the admin's
 * gateway actions, the checkout. Real HTTP both ways: the app calls the fake through
 * MERCADOPAGO_API_URL and the fake posts signed notifications to the listening app. The webhook
 * and the settlement's races are in settlement.test.ts.
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
const refunded: DomainEvent<'deposit.refunded'>[] = [];
const probes = [
  defineHandler({
    name: 'test.deposit-paid-probe',
    on: 'deposit.paid',
    handle: (event) => {
      paid.push(event);
      return Promise.resolve();
    },
  }),
  defineHandler({
    name: 'test.deposit-refunded-probe',
    on: 'deposit.refunded',
    handle: (event) => {
      refunded.push(event);
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

async function settings(body: object) {
  const response = await t.as(admin).patch('/api/admin/payment-settings', { ...PIX, ...body });
  expect(response.statusCode).toBe(200);
  return response;
}

const useManual = () => settings({ mode: 'manual' });
const useGateway = () =>
  settings({
    mode: 'mercadopago',
    mercadopago_access_token: TOKEN,
    mercadopago_webhook_secret: SECRET,
  });

interface Created {
  deposit: { id: string; reference: string; status: string; expires_at: string | null };
  instructions: { pix_code: string; expires_at: string | null; gateway: string };
}

async function waitForStatus(id: string, status: string) {
  await vi.waitFor(async () => expect((await payments.depositRow(id)).status).toBe(status), {
    timeout: 5000,
    interval: 20,
  });
}

/** The CRC16-CCITT (0x1021, initial 0xFFFF) of a BR Code, computed here independently. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('manual mode: a real BR Code', () => {
  it('encodes key, amount, txid = reference, name, city and a valid CRC; the admin approves', async () => {
    await useManual();
    const client = await t.createUser();
    const response = await t.as(client).post('/api/deposits', { amount: 123.45 });
    expect(response.statusCode).toBe(201);
    const { deposit, instructions } = response.json<Created>();
    expect(instructions).toMatchObject({ gateway: 'manual', expires_at: null });

    const code = instructions.pix_code;
    expect(code.startsWith('000201')).toBe(true);
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    const parsed = parsePix(code);
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error('not a static BR Code');
    expect(parsed).toMatchObject({
      pixKey: PIX.pix_key,
      transactionAmount: 123.45,
      txid: deposit.reference,
      merchantCategoryCode: '0000',
      transactionCurrency: '986',
      countryCode: 'BR',
      // ASCII upper case within the BR Code's limits (name 25, city 15).
      merchantName: 'CHAVEIRO TECNOLOGIA E SER',
      merchantCity: 'SAO JOSE DOS CA',
    });
    expect(code).toContain('0014br.gov.bcb.pix');

    const approve = await t.as(admin).post(`/api/admin/deposits/${deposit.id}/approve`);
    expect(approve.statusCode).toBe(200);
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(12_345);
    await t.app.outbox.idle();
    expect(paid.find((e) => e.payload.depositId === deposit.id)?.payload).toEqual({
      depositId: deposit.id,
      userId: client.id,
      amountCents: 12_345,
      reference: deposit.reference,
      orderId: null,
      gateway: 'manual',
      by: admin.id,
    });
  });

  it('normalises names and cities to the BR Code alphabet', () => {
    expect(brCodeText('  Açaí & Cia. — Ltda ', 25)).toBe('ACAI CIA LTDA');
    expect(brCodeText('São Paulo', 15)).toBe('SAO PAULO');
  });
});

describe('payment settings: Mercado Pago credentials', () => {
  it('stores them server-side, answers them masked, keeps them on empty input and clears on null', async () => {
    const saved = await useGateway();
    expect(saved.json()).toMatchObject({
      mode: 'mercadopago',
      mercadopago_access_token: { configured: true, last4: '4321' },
      mercadopago_webhook_secret: { configured: true, last4: 'a8e7' },
    });
    expect(saved.body).not.toContain(TOKEN);
    expect(saved.body).not.toContain(SECRET);
    const kept = await settings({ mode: 'mercadopago', mercadopago_access_token: '' });
    expect(kept.json()).toMatchObject({ mercadopago_access_token: { configured: true } });
    const refused = await t.as(admin).patch('/api/admin/payment-settings', {
      ...PIX,
      mode: 'mercadopago',
      mercadopago_webhook_secret: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: text.gatewayCredentialsRequired,
      code: 'VALIDATION_ERROR',
    });
    const cleared = await settings({ mode: 'manual', mercadopago_webhook_secret: null });
    expect(cleared.json()).toMatchObject({
      mercadopago_webhook_secret: { configured: false, last4: null },
      mercadopago_access_token: { configured: true },
    });
    const read = await t.as(admin).get('/api/admin/payment-settings');
    expect(read.body).not.toContain(TOKEN);
  });
});

describe('mercadopago mode: charges', () => {
  it('creates the PIX payment as documented and shows its QR / copia e cola', async () => {
    await useGateway();
    const client = await t.createUser({ email: 'pagante@example.com' });
    const before = fake.requests.length;
    const created = await payments.charge(client, 50);
    const request = fake.requests.slice(before).find((r) => r.method === 'POST');
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['x-idempotency-key']).toBe(created.deposit.id);
    expect(request?.body).toEqual({
      transaction_amount: 50,
      description: text.gatewayDescription(created.deposit.reference),
      payment_method_id: 'pix',
      payer: { email: 'pagante@example.com' },
      external_reference: created.deposit.reference,
      notification_url: `${t.config.publicUrl}/api/payments/mercadopago/webhook`,
      date_of_expiration: expect.stringMatching(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/,
      ) as string,
    });
    const expiry = Date.parse((request?.body as { date_of_expiration: string }).date_of_expiration);
    expect(expiry).toBe(t.clock.now() + 30 * 60_000);
    const payment = fake.payments.get(created.paymentId)!;
    expect(created.instructions).toMatchObject({
      gateway: 'mercadopago',
      pix_code: payment.point_of_interaction.transaction_data.qr_code,
      expires_at: new Date(expiry).toISOString(),
    });
    const row = await payments.depositRow(created.deposit.id);
    expect(row).toMatchObject({
      gateway: 'mercadopago',
      gateway_payment_id: String(created.paymentId),
      status: 'pending',
    });
  });

  it.each([
    ['down', () => fake.down()],
    ['garbage', () => fake.garbage()],
  ])('a gateway %s answers a pt-BR 502 and stores no deposit', async (_mode, breakIt) => {
    await useGateway();
    const client = await t.createUser();
    breakIt();
    const response = await t.as(client).post('/api/deposits', { amount: 20 });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: text.gatewayUnavailable,
      code: 'PAYMENT_GATEWAY_UNAVAILABLE',
    });
    const list = await t.as(client).get('/api/deposits');
    expect(list.json()).toMatchObject({ items: [], total: 0 });
  });

  it('a refused access token answers 502 too, nothing stored', async () => {
    await settings({ mode: 'mercadopago', mercadopago_access_token: 'APP_USR-wrong-token-000' });
    const client = await t.createUser();
    const response = await t.as(client).post('/api/deposits', { amount: 20 });
    expect(response.statusCode).toBe(502);
    expect((await t.as(client).get('/api/deposits')).json()).toMatchObject({ total: 0 });
    await useGateway();
  });
});

describe('refunds, chargebacks and admin actions', () => {
  it('a refund notified later debits the balance once, with ledger, activity and event', async () => {
    await useGateway();
    const client = await t.createUser();
    const created = await payments.charge(client, 20);
    fake.approve(created.paymentId);
    await t.app.jobs.gatewayPoll.runOnce();
    fake.refund(created.paymentId);
    await Promise.all([
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId),
      fake.sendWebhook(webhookUrl, SECRET, created.paymentId),
    ]);
    await waitForStatus(created.deposit.id, 'refunded');
    await vi.waitFor(() =>
      expect(refunded.filter((e) => e.payload.depositId === created.deposit.id)).toHaveLength(1),
    );
    expect(await t.fixtures.expectLedgerMatches(client.id)).toBe(0);
    expect((await t.fixtures.ledger(client.id)).map((l) => l.reason)).toEqual([
      text.reasonDeposit(created.deposit.reference),
      text.reasonRefund(created.deposit.reference),
    ]);
    expect(refunded.find((e) => e.payload.depositId === created.deposit.id)?.payload).toEqual({
      depositId: created.deposit.id,
      userId: client.id,
      amountCents: 2000,
      reference: created.deposit.reference,
      orderId: null,
      balanceAfterCents: 0,
    });
    expect((await payments.depositRow(created.deposit.id)).flag).toBeNull();
  });

  it('a chargeback after the money was spent flags the uncovered amount for the admin', async () => {
    await useGateway();
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
    await waitForStatus(created.deposit.id, 'refunded');
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
      expect(
        refunded.find((e) => e.payload.depositId === created.deposit.id)?.payload.balanceAfterCents,
      ).toBe(-3000),
    );
  });

  it('the admin cancels a pending charge and refunds a paid one through the gateway', async () => {
    await useGateway();
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
    await useManual();
    const manual = await t.as(client).post('/api/deposits', { amount: 5 });
    const manualId = manual.json<Created>().deposit.id;
    const refuse = await t.as(admin).post(`/api/admin/deposits/${manualId}/refund`);
    expect(refuse.statusCode).toBe(409);
    expect(refuse.json()).toEqual({ message: text.notGatewayDeposit, code: 'DEPOSIT_NOT_GATEWAY' });
  });
});

describe('DepositsService.create with an order', () => {
  it('attaches in the same transaction and allows less than the plain minimum', async () => {
    await useGateway();
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
    expect(paid.find((e) => e.payload.depositId === created.deposit.id)?.payload.orderId).toBe(
      'order-1',
    );

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

describe('checkout by PIX through Mercado Pago', () => {
  it('completes the order on the webhook; its receipt names Mercado Pago and its payment id', async () => {
    await useGateway();
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
