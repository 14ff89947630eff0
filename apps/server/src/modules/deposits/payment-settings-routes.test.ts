import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositsTestApp } from '../../testing/deposits-test-app.js';
import {
  GATEWAY_SECRET as SECRET,
  GATEWAY_TOKEN as TOKEN,
  PIX,
  startDepositsTestApp,
} from '../../testing/deposits-test-app.js';
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';

/**
 * The admin's payment settings (GET/PATCH /api/admin/payment-settings): the PIX key that turns
 * deposits on and off, what the form refuses, and the Mercado Pago credentials, kept
 * server-side, shown masked and never written to an answer, activity line, event or log line.
 * The tests run in order: the first one needs the PIX key unset, the credentials come last.
 */

const text = messages.deposits;
let payments: DepositsTestApp;
let t: TestApp;
let admin: TestUser;
let fake: FakeMercadoPago;
let webhookUrl: string;
const logLines: string[] = [];

beforeAll(async () => {
  payments = await startDepositsTestApp({
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  ({ t, admin, fake, webhookUrl } = payments);
});
afterAll(() => payments.close());

/** The settings as GET answers them with no gateway configured. */
function settingsOf(pix: { pix_key: string; pix_beneficiary: string; pix_city: string }) {
  return {
    mode: 'manual',
    ...pix,
    mercadopago_access_token: { configured: false, last4: null },
    mercadopago_webhook_secret: { configured: false, last4: null },
    webhook_url: `${t.config.publicUrl}/api/payments/mercadopago/webhook`,
  };
}

describe('before the admin sets a PIX key', () => {
  it('reports PIX unavailable and refuses deposits with a pt-BR 409, storing nothing', async () => {
    const client = await t.createUser();
    const availability = await t.as(client).get('/api/deposits/availability');
    expect(availability.json()).toEqual({ pix: false });
    const response = await t.as(client).post('/api/deposits', { amount: 50 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: text.pixNotConfigured, code: 'PIX_NOT_CONFIGURED' });
    const list = await t.as(client).get('/api/deposits');
    expect(list.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('the PIX key turns deposits on and off', () => {
  it('saves a normalised PIX key and the beneficiary, logging the change', async () => {
    const empty = await t.as(admin).get('/api/admin/payment-settings');
    expect(empty.json()).toEqual(settingsOf({ pix_key: '', pix_beneficiary: '', pix_city: '' }));
    const response = await t.as(admin).patch('/api/admin/payment-settings', {
      pix_key: ' 529.982.247-25 ',
      pix_beneficiary: ' Maria da Silva ',
      pix_city: ' Belo Horizonte ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: text.paymentSettingsSaved,
      ...settingsOf({
        pix_key: '52998224725',
        pix_beneficiary: 'Maria da Silva',
        pix_city: 'Belo Horizonte',
      }),
    });
    expect(await t.lastActivity()).toBe(text.logPaymentSettings('52998224725'));
    await payments.settings();
    const read = await t.as(admin).get('/api/admin/payment-settings');
    expect(read.json()).toEqual(settingsOf(PIX));
  });

  it('turns deposits off again when the admin clears the PIX key', async () => {
    await payments.settings();
    const client = await t.createUser();
    const created = await payments.openDeposit(client, 10);
    const cleared = await t.as(admin).patch('/api/admin/payment-settings', {
      pix_key: '',
      pix_beneficiary: 'ignorado',
    });
    expect(cleared.json()).toEqual({
      message: text.paymentSettingsCleared,
      ...settingsOf({ pix_key: '', pix_beneficiary: '', pix_city: '' }),
    });
    expect(await t.lastActivity()).toBe(text.logPaymentSettingsCleared);
    expect((await t.as(client).post('/api/deposits', { amount: 10 })).statusCode).toBe(409);
    const detail = await t.as(client).get(`/api/deposits/${created.id}`);
    expect(detail.json()).toMatchObject({ instructions: null });
    // A deposit already paid can still be approved.
    const approve = await t.as(admin).post(`/api/admin/deposits/${created.id}/approve`);
    expect(approve.statusCode).toBe(200);
    await payments.settings();
  });
});

describe('refusing settings', () => {
  it.each([
    [{ pix_key: '123.456.789-00', pix_beneficiary: 'Fulano' }, text.pixKeyInvalid],
    [{ pix_key: '11987654321', pix_beneficiary: 'Fulano' }, text.pixKeyInvalid],
    [{ pix_key: 'nao é chave', pix_beneficiary: 'Fulano' }, text.pixKeyInvalid],
    [{ pix_key: 'pix@example.com', pix_beneficiary: 'Fu' }, text.beneficiaryRequired],
    [{ pix_key: 'pix@example.com', pix_beneficiary: 'x'.repeat(101) }, text.beneficiaryMax],
    [{ pix_key: 'pix@example.com' }, text.beneficiaryRequired],
    [{ pix_key: 'pix@example.com', pix_beneficiary: 'Fulano' }, text.cityRequired],
    [{ pix_key: 'pix@example.com', pix_beneficiary: 'Fulano', pix_city: '12' }, text.cityRequired],
    [{ ...PIX, pix_city: 'x'.repeat(61) }, text.cityMax],
    [{ ...PIX, mode: 'paypal' }, text.modeInvalid],
    [{ ...PIX, mode: 'mercadopago' }, text.gatewayCredentialsRequired],
    [{ ...PIX, mercadopago_access_token: 'x'.repeat(301) }, text.secretMax],
  ])('refuses %j with a pt-BR 400', async (payload, message) => {
    const response = await t.as(admin).patch('/api/admin/payment-settings', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('is for admins only', async () => {
    const client = await t.createUser();
    const reseller = await t.createUser({ role: 'reseller' });
    for (const user of [client, reseller]) {
      expect((await t.as(user).get('/api/admin/payment-settings')).statusCode).toBe(403);
      const patch = await t.as(user).patch('/api/admin/payment-settings', PIX);
      expect(patch.statusCode).toBe(403);
    }
    expect((await t.anonymous.get('/api/admin/payment-settings')).statusCode).toBe(401);
    expect((await t.anonymous.patch('/api/admin/payment-settings', PIX)).statusCode).toBe(401);
  });
});

describe('Mercado Pago credentials', () => {
  it('stores them server-side, answers them masked, keeps them on empty input and clears on null', async () => {
    const saved = await payments.useGateway();
    expect(saved.json()).toMatchObject({
      mode: 'mercadopago',
      mercadopago_access_token: { configured: true, last4: '4321' },
      mercadopago_webhook_secret: { configured: true, last4: 'a8e7' },
    });
    expect(saved.body).not.toContain(TOKEN);
    expect(saved.body).not.toContain(SECRET);
    const kept = await payments.settings({ mode: 'mercadopago', mercadopago_access_token: '' });
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
    const cleared = await payments.settings({ mode: 'manual', mercadopago_webhook_secret: null });
    expect(cleared.json()).toMatchObject({
      mercadopago_webhook_secret: { configured: false, last4: null },
      mercadopago_access_token: { configured: true },
    });
    const read = await t.as(admin).get('/api/admin/payment-settings');
    expect(read.body).not.toContain(TOKEN);
  });
});

describe('Mercado Pago credentials kept secret', () => {
  it('never leaves the access token or the webhook secret in answers, activity or logs', async () => {
    await payments.useGateway();
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
