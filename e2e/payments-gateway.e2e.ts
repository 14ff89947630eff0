import { messages } from '@chaveiro/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeMercadoPago,
  type FakeMercadoPago,
  type FakePayment,
} from '../apps/server/src/testing/fake-mercadopago.js';
import { adminToken } from './support/admin-session.js';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { expectToast, launchBrowser, PHONE, screenshot, signedInPages } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * shop → pay by PIX through Mercado Pago → the in-test gateway
 * (apps/server/src/testing/fake-mercadopago.ts, which follows the documented "Create payment"
 * PIX example, "Get payment" and the webhook's x-signature scheme) approves and posts the signed
 * notification → the purchase completes and the subscription appears without a reload.
 */

const CLIENT = { username: 'comprador_mp', email: 'mp@exemplo.test', password: 'senha-mp-1234' };
const PRODUCT = 'Aimbot Supremo';
const OTHER = 'Wallhack Elite';
const TOKEN = 'APP_USR-1234567890123456-112233-abcdef0123456789abcdef0123456789-987654321';
const SECRET = 'f3c1a9d2b7e84c55a0e6b1d9c2f4a8e7';

let fake: FakeMercadoPago;
let server: RunningServer;
let browser: Browser;
let admin: string;
let client: string;
let webhookUrl: string;
const pages = signedInPages(() => browser);

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  fake.tokens.add(TOKEN);
  [server, browser] = await Promise.all([
    startServer({ MERCADOPAGO_API_URL: fake.url }),
    launchBrowser(),
  ]);
  webhookUrl = `${server.url}/api/payments/mercadopago/webhook`;
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  await post('/products', {
    name: PRODUCT,
    description: 'Mira assistida com ajuste fino, atualizado a cada patch.',
    plans: { weekly: 19.9, monthly: 49.9 },
  });
  await post('/products', {
    name: OTHER,
    description: 'Veja através das paredes.',
    plans: { 'bi-weekly': 29.9 },
  });
  await post('/users', CLIENT);
  client = await apiLogin(server.url, CLIENT.username, CLIENT.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

afterEach(async () => {
  await pages.closeAll();
});

/** The charge Mercado Pago created for a deposit reference (the one created last if none). */
function paymentOf(reference?: string): FakePayment {
  const all = [...fake.payments.values()];
  const found = reference ? all.find((p) => p.external_reference === reference) : all.at(-1);
  if (!found) throw new Error(`no Mercado Pago payment for ${reference ?? 'the last charge'}`);
  return found;
}

async function balanceOf(token: string): Promise<number> {
  const { data } = await apiCall<{ balance: number }>(server.url, 'GET', '/client/dashboard', {
    token,
  });
  return data.balance;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)).toBe(false);
}

/** Opens the shop's purchase dialog of `product` and asks to pay by PIX; answers the dialog. */
async function payByPix(page: Page, product: string, button: RegExp) {
  await page.goto(`${server.url}/dashboard/shop`);
  const card = page.getByRole('article', { name: product });
  await card.getByRole('button', { name: `Comprar ${product}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar compra' });
  await dialog.getByRole('button', { name: button }).click();
  const paying = page.getByRole('dialog', { name: 'Pague com PIX' });
  await paying.getByRole('img', { name: 'QR code do PIX' }).waitFor();
  return paying;
}

describe('checkout by PIX through Mercado Pago', () => {
  it('lets the admin switch payments to Mercado Pago in the settings card', async () => {
    const page = await openAdmin();
    await page.goto(`${server.url}/admin/deposits`);
    await page.getByText(/Depósitos desativados/).waitFor();
    await page.getByLabel('Forma de recebimento').selectOption('mercadopago');
    await page.getByLabel('Chave PIX').fill('pagamentos@chaveiro.test');
    await page.getByLabel('Nome do beneficiário').fill('Chaveiro Tecnologia LTDA');
    await page.getByLabel('Cidade do beneficiário').fill('São Paulo');
    await page.getByLabel('Access token').fill(TOKEN);
    await page.getByLabel('Segredo do webhook').fill(SECRET);
    await page.getByRole('button', { name: 'Salvar pagamentos' }).click();
    await expectToast(page, messages.deposits.paymentSettingsSaved);
    await page
      .getByText('Depósitos ativos pelo Mercado Pago, com confirmação automática.')
      .waitFor();
    // Saved server-side, shown only masked; the notification URL to paste into Mercado Pago.
    await page
      .getByText(`Configurado ••••${TOKEN.slice(-4)}. Deixe em branco para manter.`)
      .waitFor();
    expect(await page.getByLabel('Access token').inputValue()).toBe('');
    await page.getByText(webhookUrl, { exact: true }).waitFor();
    expect(await page.content()).not.toContain(TOKEN);
    expect(await page.content()).not.toContain(SECRET);
  });

  it('credits a plain deposit on the signed webhook (the client starts with R$ 10,00)', async () => {
    const opened = await apiCall<{ deposit: { reference: string } }>(
      server.url,
      'POST',
      '/deposits',
      { token: client, body: { amount: 10 } },
    );
    expect(opened.status).toBe(201);
    const payment = paymentOf(opened.data.deposit.reference);
    expect(payment).toMatchObject({ transaction_amount: 10, payment_method_id: 'pix' });
    fake.approve(payment.id);
    expect((await fake.sendWebhook(webhookUrl, SECRET, payment.id)).status).toBe(200);
    await until(async () => (await balanceOf(client)) === 10);
  });

  let paymentId = 0;

  it('shop → PIX of the shortfall → webhook → purchase completed, subscription shown without a reload', async () => {
    const page = await openClient();
    await page.goto(`${server.url}/dashboard/shop`);
    // Marks this document: a reload or a full navigation would lose it.
    await page.evaluate(() => {
      (window as unknown as { journeyMarker: string }).journeyMarker = 'same-document';
    });
    const card = page.getByRole('article', { name: PRODUCT });
    await card.getByRole('radio', { name: /Mensal/ }).click();
    await card.getByRole('button', { name: `Comprar ${PRODUCT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar compra' });
    await dialog.getByText(/faltam R\$ 39,90/).waitFor();
    await dialog.getByRole('button', { name: 'Pagar R$ 39,90 por PIX' }).click();

    const paying = page.getByRole('dialog', { name: 'Pague com PIX' });
    await paying.getByRole('img', { name: 'QR code do PIX' }).waitFor();
    const payment = paymentOf();
    paymentId = payment.id;
    expect(payment).toMatchObject({ status: 'pending', transaction_amount: 39.9 });
    expect(payment.notification_url).toBe(webhookUrl);
    // Mercado Pago's copia e cola, not a BR Code of the admin's key.
    const copyPaste = payment.point_of_interaction.transaction_data.qr_code;
    await paying.getByText(copyPaste, { exact: true }).waitFor();
    expect(await paying.getByText('pagamentos@chaveiro.test').count()).toBe(0);
    await paying.getByText(/^Pague em até/).waitFor();
    await paying.getByText('Aguardando a confirmação do pagamento...').waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'payments-mp-qr-desktop-light');

    // The payer pays: Mercado Pago approves and notifies the server, signed.
    fake.approve(payment.id);
    const sent = await fake.sendWebhook(webhookUrl, SECRET, payment.id);
    expect(sent.status).toBe(200);

    const done = page.getByRole('dialog', { name: 'Compra concluída!' });
    await done.waitFor({ timeout: 15_000 });
    await done
      .getByText(`Pagamento confirmado: ${PRODUCT} (Mensal) já está na sua conta.`)
      .waitFor();
    await screenshot(page, 'payments-mp-done-desktop-light');
    await done.getByRole('button', { name: 'Ver minhas assinaturas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Minhas Assinaturas' }).waitFor();
    const subscription = page.getByRole('article', { name: PRODUCT });
    await subscription.getByText('30 dias', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(
      await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker),
    ).toBe('same-document');
    expect(await balanceOf(client)).toBe(0);
  });

  it('lists the order as completed by PIX; its receipt names Mercado Pago and the payment id', async () => {
    const page = await openClient();
    await page.goto(`${server.url}/dashboard/orders`);
    const list = page.getByRole('list', { name: 'Histórico' });
    const row = list.getByRole('listitem').filter({ hasText: `${PRODUCT} (Mensal)` });
    await row.getByText('Concluído').waitFor();
    expect(await row.textContent()).toMatch(/· PIXR\$ 49,90$/);
    await row.getByRole('link', { name: `Ver recibo: ${PRODUCT} (Mensal)` }).click();
    await page.getByRole('heading', { name: 'Recibo de compra' }).waitFor();
    const value = (label: string) =>
      page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    expect(await value('Pagamento').textContent()).toBe('PIX');
    expect(await value('Pago com o saldo').textContent()).toBe('R$ 10,00');
    expect(await value('Pago por PIX').textContent()).toBe('R$ 39,90');
    expect(await value('Referência do PIX').textContent()).toBe(
      paymentOf().external_reference ?? 'missing',
    );
    expect(await value('Intermediador').textContent()).toBe(
      `Mercado Pago · pagamento nº ${String(paymentId)}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'payments-mp-receipt-desktop-light');
  });

  it("shows the admin Mercado Pago's payment id, status and payer", async () => {
    const page = await openAdmin();
    await page.goto(`${server.url}/admin/deposits`);
    await page.getByRole('button', { name: 'Aprovados' }).click();
    const row = page.getByRole('row', { name: new RegExp(paymentOf().external_reference ?? '') });
    await row
      .getByText(`Mercado Pago #${String(paymentId)}`)
      .filter({ visible: true })
      .waitFor();
    await row
      .getByText(/^Status no MP: /)
      .filter({ visible: true })
      .waitFor();
    await row
      .getByText(`Pagador: Comprador Teste · ${CLIENT.email}`)
      .filter({ visible: true })
      .waitFor();
    await screenshot(page, 'payments-mp-admin-deposits-desktop-light');
  });

  it("shows Mercado Pago's QR on a phone and in dark mode", async () => {
    const views = [
      { name: 'payments-mp-qr-desktop-dark', viewport: undefined, theme: 'dark' },
      { name: 'payments-mp-qr-phone-light', viewport: PHONE, theme: 'light' },
      { name: 'payments-mp-qr-phone-dark', viewport: PHONE, theme: 'dark' },
    ] as const;
    for (const view of views) {
      const page = await pages.open(client, view.viewport, view.theme);
      const paying = await payByPix(page, OTHER, /^Pagar R\$ 29,90 por PIX$/);
      await paying
        .getByText(paymentOf().point_of_interaction.transaction_data.qr_code, { exact: true })
        .waitFor();
      await page.waitForTimeout(400);
      if (view.viewport) await noHorizontalScroll(page);
      await screenshot(page, view.name);
    }
  });
});

describe('forged notifications', () => {
  it('answers 401 to a forged or unsigned webhook and credits nothing', async () => {
    const before = await balanceOf(client);
    const opened = await apiCall<{ deposit: { id: string; reference: string } }>(
      server.url,
      'POST',
      '/deposits',
      { token: client, body: { amount: 25 } },
    );
    expect(opened.status).toBe(201);
    const payment = paymentOf(opened.data.deposit.reference);
    const forged = await fake.sendWebhook(webhookUrl, 'not-the-secret', payment.id);
    const unsigned = await fake.sendWebhook(webhookUrl, SECRET, payment.id, { signature: '' });
    for (const answer of [forged, unsigned]) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({
        message: messages.deposits.webhookInvalid,
      });
    }
    const detail = await apiCall<{ deposit: { status: string } }>(
      server.url,
      'GET',
      `/deposits/${opened.data.deposit.id}`,
      { token: client },
    );
    expect(detail.data.deposit.status).toBe('pending');
    expect(await balanceOf(client)).toBe(before);
  });
});

function openAdmin() {
  return pages.open(admin);
}

function openClient() {
  return pages.open(client);
}
