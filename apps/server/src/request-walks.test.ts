import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMercadoPago } from './testing/fake-mercadopago.js';
import type { Walk } from './testing/module-trace.js';
import { createModuleTrace } from './testing/module-trace.js';
import type { PaymentsTestApp } from './testing/payments-test-app.js';
import { startPaymentsTestApp } from './testing/payments-test-app.js';
import type { TestApp, TestUser } from './testing/test-app.js';

/**
 * docs/architecture.md's request walks, held to the code: each request runs on the real app with
 * every module traced, and the modules it entered before its answer must be the ones the
 * document lists, in its order; those after the answer (handlers, some side by side) in any.
 */
const DOC = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');

/** The walk documented under the heading naming `request`. */
function documented(request: string): Walk {
  const heading = DOC.split('\n### ').find((part) =>
    part.split('\n')[0]?.endsWith(`(\`${request}\`)`),
  );
  expect(heading, `docs/architecture.md has no walk of ${request}`).toBeDefined();
  const section = (heading ?? '').split('\n## ')[0] ?? '';
  const list = (label: string) => {
    const line = section.split('\n').find((l) => l.startsWith(`${label}: `)) ?? '';
    return [...line.slice(label.length + 2).matchAll(/`([a-z-]+)\/`/g)].map((m) => m[1] ?? '');
  };
  return {
    beforeAnswer: list('Modules before the answer'),
    afterAnswer: list('Modules after the answer').sort(),
  };
}

const TOKEN = 'APP_USR-1234567890123456-112233-abcdef0123456789abcdef0123456789-987654321';
const SECRET = 'f3c1a9d2b7e84c55a0e6b1d9c2f4a8e7';
const trace = createModuleTrace();
let payments: PaymentsTestApp;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  payments = await startPaymentsTestApp(TOKEN, { trace });
  t = payments.t;
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => payments.close());

/** The modules `request` enters, its work after the answer included. */
async function walkOf(request: () => Promise<{ statusCode: number }>): Promise<Walk> {
  const walk = await trace.record(
    async () => expect((await request()).statusCode).toBe(200),
    () => t.app.outbox.idle(),
  );
  return { ...walk, afterAnswer: walk.afterAnswer.sort() };
}

describe('the request walks of docs/architecture.md', () => {
  it('a customer redeems a key (POST /api/client/redeem-key)', async () => {
    const client = await t.createUser();
    const product = await t.fixtures.product();
    const key = await t.fixtures.key(product.id, { days: 30 });
    const walk = await walkOf(() =>
      t.as(client).post('/api/client/redeem-key', { keyValue: key.key }),
    );
    expect(walk).toEqual(documented('POST /api/client/redeem-key'));
  });

  it('a loader heartbeat (POST /api/loader/heartbeat)', async () => {
    const client = await t.createUser();
    const product = await t.fixtures.product();
    await t.fixtures.subscription(client.id, product.id);
    const nonce = () => randomBytes(16).toString('base64url');
    const auth = await t.anonymous.post('/api/loader/auth', {
      nonce: nonce(),
      hwid: `PC-${randomBytes(6).toString('hex').toUpperCase()}`,
      productId: product.id,
      identifier: client.username,
      password: client.password,
    });
    const { session } = auth.json<{ data: { session: string } }>().data;
    const walk = await walkOf(() =>
      t.anonymous.post('/api/loader/heartbeat', { session, nonce: nonce() }),
    );
    expect(walk).toEqual(documented('POST /api/loader/heartbeat'));
  });

  it('a PIX payment settling (POST /api/payments/mercadopago/webhook)', async () => {
    const settings = await t.as(admin).patch('/api/admin/payment-settings', {
      mode: 'mercadopago',
      pix_key: 'pix@chaveiro.com.br',
      pix_beneficiary: 'Chaveiro Tecnologia',
      pix_city: 'São Paulo',
      mercadopago_access_token: TOKEN,
      mercadopago_webhook_secret: SECRET,
    });
    expect(settings.statusCode).toBe(200);
    const client = await t.createUser();
    const { paymentId } = await payments.charge(client, 25);
    payments.fake.approve(paymentId);
    const requestId = randomUUID();
    const dataId = String(paymentId);
    const signature = signMercadoPago(SECRET, dataId, requestId, Math.floor(t.clock.now() / 1000));
    const walk = await walkOf(() =>
      t.anonymous.post(
        '/api/payments/mercadopago/webhook',
        { action: 'payment.updated', type: 'payment', data: { id: dataId } },
        {
          query: { 'data.id': dataId, type: 'payment' },
          headers: { 'x-request-id': requestId, 'x-signature': signature },
        },
      ),
    );
    expect(walk).toEqual(documented('POST /api/payments/mercadopago/webhook'));
  });
});
