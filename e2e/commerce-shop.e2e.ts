import { messages } from '@chaveiro/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { expectToast, launchBrowser, PHONE, screenshot, signedInPages } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const CLIENT = { username: 'comprador_pix', email: 'pix@exemplo.test', password: 'senha-pix-123' };
const PRODUCT = 'Aimbot Supremo';
const PIX = { key: 'pagamentos@chaveiro.test', beneficiary: 'Chaveiro Tecnologia LTDA' };

let server: RunningServer;
let browser: Browser;
let admin: string;
let client: string;
const pages = signedInPages(() => browser);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  await post('/products', {
    name: PRODUCT,
    description: 'Mira assistida com ajuste fino, atualizado a cada patch.',
    plans: { daily: 5.9, weekly: 19.9, monthly: 49.9 },
  });
  await post('/products', {
    name: 'Wallhack Elite',
    description: 'Veja através das paredes.',
    plans: { 'bi-weekly': 29.9 },
  });
  await post('/users', CLIENT);
  client = await apiLogin(server.url, CLIENT.username, CLIENT.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await pages.closeAll();
});

const openPage = pages.open;

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)).toBe(false);
}

describe('deposit by PIX, approval and a purchase in the shop', () => {
  let reference = '';

  it('lets the admin set the PIX key before anyone can deposit', async () => {
    const before = await apiCall(server.url, 'POST', '/deposits', {
      token: client,
      body: { amount: 10 },
    });
    expect(before.status).toBe(409);

    const page = await openPage(admin);
    await page.goto(`${server.url}/admin/deposits`);
    await page.getByText(/Depósitos desativados/).waitFor();
    await page.getByLabel('Chave PIX').fill(PIX.key);
    await page.getByLabel('Nome do beneficiário').fill(PIX.beneficiary);
    await page.getByLabel('Cidade do beneficiário').fill('São Paulo');
    await page.getByRole('button', { name: 'Salvar pagamentos' }).click();
    await expectToast(page, messages.deposits.paymentSettingsSaved);
    await page.getByText('Depósitos ativos por PIX manual.').waitFor();
  });

  it('lets the client open a deposit of R$ 60,00 and shows the PIX instructions', async () => {
    const page = await openPage(client);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'Depositar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Depositar saldo' });
    await dialog.getByText(/Você ainda não fez nenhum depósito/).waitFor();
    await dialog.getByLabel('Valor do depósito').fill('60,00');
    await dialog.getByRole('button', { name: 'Gerar PIX' }).click();

    const paying = page.getByRole('dialog', { name: 'Pague com PIX' });
    await paying.getByText(PIX.key, { exact: true }).waitFor();
    await paying.getByText(PIX.beneficiary, { exact: true }).waitFor();
    await paying.getByText('R$ 60,00').first().waitFor();
    await paying.getByRole('img', { name: 'QR code do PIX' }).waitFor();
    // The reference is the last value of the instructions.
    reference = (await paying.getByRole('definition').last().textContent()) ?? '';
    expect(reference).toMatch(/^[2-9A-Z]{8}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-deposit-instructions-desktop-light');

    await paying.getByRole('button', { name: 'Concluir' }).click();
    await page.getByRole('button', { name: 'Depositar' }).click();
    const again = page.getByRole('dialog', { name: 'Depositar saldo' });
    const recent = again.getByRole('listitem').filter({ hasText: reference });
    await recent.getByText('Pendente').waitFor();
    await screenshot(page, 'commerce-deposit-dialog-desktop-light');
  });

  it('shows the deposit dialog on a phone in dark mode', async () => {
    const page = await openPage(client, PHONE, 'dark');
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'Depositar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Depositar saldo' });
    await dialog.getByText(reference).waitFor();
    await dialog.getByRole('button', { name: 'R$ 25' }).click();
    expect(await dialog.getByLabel('Valor do depósito').inputValue()).toBe('25,00');
    await screenshot(page, 'commerce-deposit-dialog-phone-dark');
  });

  it('lets the admin approve the deposit once, crediting the balance', async () => {
    const page = await openPage(admin);
    await page.goto(`${server.url}/admin/deposits`);
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await row.getByText('R$ 60,00').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-admin-deposits-desktop-light');

    await row.getByRole('button', { name: `Aprovar depósito ${reference}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Aprovar depósito?' });
    await confirm.getByRole('button', { name: 'Aprovar e creditar' }).click();
    await expectToast(page, messages.deposits.approved);
    await page.getByText('Nenhum depósito aguardando aprovação.').waitFor();

    await page.getByRole('button', { name: 'Aprovados' }).click();
    await page
      .getByRole('row', { name: new RegExp(reference) })
      .getByText('Aprovado')
      .filter({ visible: true })
      .waitFor();

    const listed = await apiCall<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/admin/deposits?q=${reference}`,
      { token: admin },
    );
    const id = listed.data.items[0]?.id ?? '';
    const again = await apiCall(server.url, 'POST', `/admin/deposits/${id}/approve`, {
      token: admin,
    });
    expect(again.status).toBe(409);
    const dashboard = await apiCall<{ balance: number }>(server.url, 'GET', '/client/dashboard', {
      token: client,
    });
    expect(dashboard.data.balance).toBe(60);
  });

  it('shows the admin deposits on a phone in dark mode', async () => {
    const waiting = await apiCall(server.url, 'POST', '/deposits', {
      token: client,
      body: { amount: 15 },
    });
    expect(waiting.status).toBe(201);
    const page = await openPage(admin, PHONE, 'dark');
    await page.goto(`${server.url}/admin/deposits`);
    await page.getByText('R$ 15,00').first().waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'commerce-admin-deposits-phone-dark');
    await page.getByRole('button', { name: 'Todos' }).click();
    await page.getByText(reference).first().waitFor();
    await noHorizontalScroll(page);
  });

  it('lets the client buy a monthly plan and land on the new subscription', async () => {
    const page = await openPage(client);
    await page.goto(`${server.url}/dashboard/shop`);
    const card = page.getByRole('article', { name: PRODUCT });
    await card.getByRole('radio', { name: /Mensal/ }).waitFor();
    await page.getByText('R$ 60,00').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-shop-desktop-light');

    await card.getByRole('button', { name: `Comprar ${PRODUCT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar compra' });
    expect(await dialog.getByRole('definition').allTextContents()).toEqual([
      'R$ 60,00',
      '− R$ 49,90',
      'R$ 10,10',
    ]);
    await screenshot(page, 'commerce-shop-confirm-desktop-light');
    await dialog.getByRole('button', { name: 'Comprar' }).click();

    await page.waitForURL(`${server.url}/dashboard`);
    await page
      .getByText(/^Compra concluída! Aimbot Supremo ativo até/)
      .first()
      .waitFor();
    // The shop stays on screen while the subscriptions screen loads: wait for the latter.
    await page.getByRole('heading', { level: 1, name: 'Minhas Assinaturas' }).waitFor();
    const subscription = page.getByRole('article', { name: PRODUCT });
    await subscription.waitFor();
    expect(await subscription.getAttribute('aria-current')).toBe('true');
    await page.getByText('30 dias').first().waitFor();
    await screenshot(page, 'commerce-subscription-after-purchase-desktop-light');

    const dashboard = await apiCall<{ balance: number; subscriptions: { product_name: string }[] }>(
      server.url,
      'GET',
      '/client/dashboard',
      { token: client },
    );
    expect(dashboard.data.balance).toBe(10.1);
    expect(dashboard.data.subscriptions.map((sub) => sub.product_name)).toEqual([PRODUCT]);
  });

  it('pays the shortfall by PIX from the shop; the subscription appears without a reload', async () => {
    // R$ 10,10 left: the monthly plan (R$ 49,90) is R$ 39,80 short.
    const page = await openPage(client, PHONE, 'dark');
    await page.goto(`${server.url}/dashboard/shop`);
    const card = page.getByRole('article', { name: PRODUCT });
    await card.getByText(/Você já tem/).waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'commerce-shop-phone-dark');
    await card.getByRole('button', { name: `Comprar ${PRODUCT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar compra' });
    await dialog.getByText(/faltam R\$ 39,80/).waitFor();
    const pay = dialog.getByRole('button', { name: 'Pagar R$ 39,80 por PIX' });
    expect(await pay.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-shop-insufficient-phone-dark');
    await pay.click();

    const paying = page.getByRole('dialog', { name: 'Pague com PIX' });
    await paying.getByText('Aguardando a confirmação do pagamento...').waitFor();
    const reference = (await paying.getByRole('definition').last().textContent()) ?? '';
    expect(reference).toMatch(/^[2-9A-Z]{8}$/);
    await noHorizontalScroll(page);
    await screenshot(page, 'commerce-checkout-pix-phone-dark');

    // The PIX is confirmed (by the admin here): the order completes by itself.
    const listed = await apiCall<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/admin/deposits?q=${reference}`,
      { token: admin },
    );
    const approved = await apiCall(
      server.url,
      'POST',
      `/admin/deposits/${listed.data.items[0]?.id ?? ''}/approve`,
      { token: admin },
    );
    expect(approved.status).toBe(200);
    const done = page.getByRole('dialog', { name: 'Compra concluída!' });
    await done.waitFor({ timeout: 10_000 });
    await screenshot(page, 'commerce-checkout-done-phone-dark');
    await done.getByRole('button', { name: 'Ver minhas assinaturas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Minhas Assinaturas' }).waitFor();
    const subscription = page.getByRole('article', { name: PRODUCT });
    await subscription.getByText('60 dias').waitFor();
    expect(await subscription.getAttribute('aria-current')).toBe('true');
  });

  it('shows the whole-price PIX step on desktop, and the order waiting in "Pedidos"', async () => {
    const page = await openPage(client);
    await page.goto(`${server.url}/dashboard/shop`);
    const card = page.getByRole('article', { name: 'Wallhack Elite' });
    await card.getByRole('button', { name: 'Comprar Wallhack Elite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar compra' });
    await dialog.getByRole('radio', { name: /valor total/ }).waitFor();
    // The dialog's opening animation done.
    await page.waitForTimeout(400);
    await screenshot(page, 'commerce-checkout-confirm-desktop-light');
    await dialog.getByRole('button', { name: 'Pagar R$ 29,90 por PIX' }).click();
    const paying = page.getByRole('dialog', { name: 'Pague com PIX' });
    await paying.getByText(PIX.key, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-checkout-pix-desktop-light');
    await paying.getByRole('button', { name: 'Concluir' }).click();

    await page.goto(`${server.url}/dashboard/orders`);
    const list = page.getByRole('list', { name: 'Histórico' });
    await list.getByText('Aguardando pagamento').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-orders-desktop-light');
    await list
      .getByRole('link', { name: `Ver recibo: ${PRODUCT} (Mensal)` })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Recibo de compra' }).waitFor();
    await page.getByText(PIX.beneficiary).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-receipt-desktop-light');
    // Printed: the receipt alone, without the sidebar, the header or the buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    await screenshot(page, 'commerce-receipt-print');
  });

  it('shows "Pedidos", a receipt and "Renovar" on a phone in dark mode', async () => {
    const page = await openPage(client, PHONE, 'dark');
    await page.goto(`${server.url}/dashboard/orders`);
    await page
      .getByRole('list', { name: 'Histórico' })
      .getByText('Depósito de saldo')
      .first()
      .waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'commerce-orders-phone-dark');
    await page
      .getByRole('link', { name: `Ver recibo: ${PRODUCT} (Mensal)` })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Recibo de compra' }).waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'commerce-receipt-phone-dark');

    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: `Renovar ${PRODUCT}` }).click();
    const renew = page.getByRole('dialog', { name: 'Renovar assinatura' });
    await renew.getByRole('radio', { name: /Mensal/ }).waitFor();
    expect(await renew.getByRole('radio', { name: /Mensal/ }).isChecked()).toBe(true);
    expect(new URL(page.url()).searchParams.get('renovar')).not.toBeNull();
    await noHorizontalScroll(page);
    await page.waitForTimeout(400);
    await screenshot(page, 'commerce-renew-phone-dark');
  });

  it('shows "Renovar" on the subscription cards on desktop in dark mode', async () => {
    const page = await openPage(client, undefined, 'dark');
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: `Renovar ${PRODUCT}` }).waitFor();
    await screenshot(page, 'commerce-subscriptions-renew-desktop-dark');
  });
});
