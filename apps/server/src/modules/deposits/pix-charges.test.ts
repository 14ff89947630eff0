import type { CreateDepositResponse } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import {
  GATEWAY_TOKEN as TOKEN,
  PIX,
  startDepositsTestApp,
} from '../../testing/deposits-test-app.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { brCodeText } from './br-code.js';

/**
 * What a customer is given to pay: in manual mode a BR Code built here for the admin's PIX key,
 * in Mercado Pago mode the PIX payment created at the gateway as its "Create payment" example
 * documents, with its QR / copia e cola; a failing gateway stores nothing.
 */

const text = messages.deposits;
let payments: DepositsTestApp;
let fake: FakeMercadoPago;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  payments = await startDepositsTestApp();
  ({ fake, t, admin } = payments);
});
afterAll(() => payments.close());
beforeEach(() => {
  fake.healthy();
});

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
    await payments.useManual();
    const client = await t.createUser();
    const response = await t.as(client).post('/api/deposits', { amount: 123.45 });
    expect(response.statusCode).toBe(201);
    const { deposit, instructions } = response.json<CreateDepositResponse>();
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
    expect(payments.paid.find((e) => e.payload.depositId === deposit.id)?.payload).toEqual({
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

describe('mercadopago mode: the PIX payment at the gateway', () => {
  it('creates the PIX payment as documented and shows its QR / copia e cola', async () => {
    await payments.useGateway();
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
});

describe('mercadopago mode: a gateway that fails', () => {
  it.each([
    ['down', () => fake.down()],
    ['garbage', () => fake.garbage()],
  ])('a gateway %s answers a pt-BR 502 and stores no deposit', async (_mode, breakIt) => {
    await payments.useGateway();
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
    await payments.useGateway();
    await payments.settings({
      mode: 'mercadopago',
      mercadopago_access_token: 'APP_USR-wrong-token-000',
    });
    const client = await t.createUser();
    const response = await t.as(client).post('/api/deposits', { amount: 20 });
    expect(response.statusCode).toBe(502);
    expect((await t.as(client).get('/api/deposits')).json()).toMatchObject({ total: 0 });
    await payments.useGateway();
  });
});
