import { labels, messages } from '@chaveiro/contract';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, setupPoster } from './support/api.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const t = labels.auth;
const CLIENT = {
  username: 'cliente_e2e',
  email: 'cliente@exemplo.test',
  password: 'senha-do-cliente',
};
const NEW_PASSWORD = 'senha-nova-do-cliente';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let keysA: string[] = [];
let keysB: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await apiLogin(server.url, server.admin.username, server.admin.password);
  const post = setupPoster(server.url, admin);
  const product = async (name: string) =>
    (await post<{ product: { id: string } }>('/products', { name, description: `${name} (teste)` }))
      .product.id;
  const keys = async (productId: string, quantity: number) =>
    (await post<{ keys: string[] }>('/keys', { productId, days: 30, quantity })).keys;
  keysA = await keys(await product('Aimbot Pro'), 5);
  keysB = await keys(await product('Wallhack Elite'), 2);
  await post('/users', CLIENT);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openPage(
  viewport = DESKTOP,
  theme: 'light' | 'dark' = 'light',
  token?: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  await context.addInitScript(
    ([stored, session]) => {
      localStorage.setItem('chaveiro-theme', stored);
      if (session) localStorage.setItem('authToken', session);
    },
    [theme, token ?? ''] as const,
  );
  return context.newPage();
}

async function logIn(page: Page, password: string) {
  await page.goto(`${server.url}/auth`);
  await page.getByLabel(t.identifier, { exact: true }).fill(CLIENT.username);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.login, exact: true }).click();
}

function card(page: Page, product: string): Locator {
  return page.getByRole('article', { name: product });
}

async function pasteKey(page: Page, text: string) {
  await page.getByLabel('Caractere 1 de 18', { exact: true }).click();
  await page.getByLabel('Caractere 1 de 18', { exact: true }).evaluate((box, value) => {
    const data = new DataTransfer();
    data.setData('text', value);
    box.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function redeemAndExpectSuccess(page: Page) {
  await page.getByRole('button', { name: 'Resgatar chave' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Sucesso!' }).waitFor();
  return dialog;
}

const dashed = (key: string) =>
  key
    .match(/.{1,4}/g)!
    .join('-')
    .toLowerCase();
const totpStep = () => Math.floor(Date.now() / 30_000);

describe('customer area', () => {
  let clientToken = '';

  it('redeems keys, manages subscriptions and the profile, and logs in again with 2FA', async () => {
    const page = await openPage();
    await logIn(page, CLIENT.password);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText('Nenhuma assinatura ativa').waitFor();
    await expect(page.getByText('R$ 0,00').isVisible()).resolves.toBe(true);

    // Redeem one key by typing and one by pasting it with dashes, in lower case.
    await page.getByRole('link', { name: labels.customerNav.redeem }).first().click();
    await page.getByLabel('Caractere 1 de 18', { exact: true }).click();
    await page.keyboard.type(keysA[0]!);
    let dialog = await redeemAndExpectSuccess(page);
    await expect(
      dialog.getByText(/Chave resgatada! Aimbot Pro ativo até/).isVisible(),
    ).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();

    await pasteKey(page, dashed(keysB[0]!));
    dialog = await redeemAndExpectSuccess(page);
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await page.getByRole('cell', { name: keysB[0]! }).waitFor();
    await page.getByRole('cell', { name: keysA[0]! }).waitFor();

    // The new cards; pause and reactivate one.
    await page.getByRole('link', { name: labels.customerNav.home }).first().click();
    const aimbot = card(page, 'Aimbot Pro');
    await aimbot.waitFor();
    await card(page, 'Wallhack Elite').waitFor();
    await aimbot.getByRole('button', { name: 'Pausar' }).click();
    // Pausing spends a credit: it is confirmed first.
    await page
      .getByRole('alertdialog', { name: 'Pausar assinatura?' })
      .getByRole('button', { name: 'Pausar' })
      .click();
    await page.getByText(messages.client.paused).waitFor();
    await aimbot.getByText('Pausada', { exact: true }).waitFor();
    await aimbot.getByRole('button', { name: 'Reativar' }).click();
    await page.getByText(messages.client.resumed).waitFor();
    await aimbot.getByText('Ativa', { exact: true }).waitFor();

    // A machine has connected: reset its HWID.
    const db = new Database(join(server.dataDir, 'chaveiro.db'));
    try {
      const sub = db
        .prepare(
          `SELECT s.id FROM subscriptions s JOIN products p ON p.id = s.product_id WHERE p.name = ?`,
        )
        .get('Aimbot Pro') as { id: string };
      const now = Date.now();
      db.prepare(
        `INSERT INTO machines (id, subscription_id, hwid, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?)`,
      ).run('0190e2e0-0000-7000-8000-000000000001', sub.id, 'HWID-E2E-PC-01', now, now);
    } finally {
      db.close();
    }
    await page.reload();
    await aimbot
      .getByRole('region', { name: 'Computadores vinculados' })
      .getByText('HWID-E2E-PC-01')
      .waitFor();
    await aimbot.getByText('Online', { exact: true }).waitFor();
    await aimbot.getByRole('button', { name: 'Resetar HWID' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Resetar', exact: true })
      .click();
    await page.getByText(messages.client.hwidReset).waitFor();
    await aimbot.getByText('Nenhum', { exact: true }).waitFor();
    // The reset frees the machine but keeps its last access.
    await expect(aimbot.getByText('Nunca', { exact: true }).count()).resolves.toBe(0);

    // Profile: avatar preset, password, 2FA.
    await page.getByRole('button', { name: 'Menu da conta' }).click();
    await page.getByRole('menuitem', { name: labels.customerNav.profile }).click();
    await page.waitForURL(`${server.url}/dashboard/profile`);
    await page.getByRole('button', { name: 'Trocar avatar' }).click();
    await page.getByRole('button', { name: 'Avatar 2' }).click();
    await page.getByText(messages.profile.avatarUpdated).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByLabel('Senha atual', { exact: true }).fill(CLIENT.password);
    await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirmar nova senha', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(messages.profile.passwordUpdated).waitFor();
    await page.reload();
    await page.getByText(CLIENT.email).waitFor();
    expect(page.url()).toBe(`${server.url}/dashboard/profile`);

    await page.getByRole('button', { name: 'Ativar', exact: true }).click();
    const secret = await page.getByTestId('two-factor-secret').innerText();
    const totp = new TOTP({ secret: Secret.fromBase32(secret.trim()) });
    const usedStep = totpStep();
    const enable = page.getByRole('dialog');
    await enable.getByLabel('Código de 6 dígitos').fill(totp.generate());
    await enable.getByLabel('Senha atual', { exact: true }).fill(NEW_PASSWORD);
    await enable.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(messages.profile.twoFactorEnabled).first().waitFor();
    await enable.getByRole('button', { name: 'Já guardei meus códigos' }).click();
    await expect(
      page.getByRole('button', { name: 'Ativar', exact: true }).isDisabled(),
    ).resolves.toBe(true);

    // Log out, then back in with the new password and a fresh code.
    await page.getByRole('button', { name: 'Menu da conta' }).click();
    await page.getByRole('menuitem', { name: labels.customerNav.logout }).click();
    await page.waitForURL(`${server.url}/auth`);
    await logIn(page, NEW_PASSWORD);
    const codeField = page.getByLabel(t.twoFactorCode, { exact: true });
    await codeField.waitFor();
    while (totpStep() === usedStep) await page.waitForTimeout(500);
    await codeField.fill(totp.generate());
    await page.waitForURL(`${server.url}/dashboard`);
    await card(page, 'Aimbot Pro').waitFor();
    clientToken = (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
    expect(clientToken).not.toBe('');
  }, 150_000);

  it.each([
    ['desktop-light', DESKTOP, 'light'],
    ['desktop-dark', DESKTOP, 'dark'],
    ['phone-light', PHONE, 'light'],
    ['phone-dark', PHONE, 'dark'],
  ] as const)('looks right on %s', async (name, viewport, theme) => {
    const page = await openPage(viewport, theme, clientToken);
    await page.goto(`${server.url}/dashboard`);
    await card(page, 'Aimbot Pro').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `customer-dashboard-${name}`);
    await page.getByRole('button', { name: 'Ver níveis' }).click();
    await page.getByRole('heading', { name: 'Níveis de fidelidade' }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, `customer-dashboard-ranks-${name}`);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/dashboard/redeem`);
    await pasteKey(page, keysA.pop()!);
    await redeemAndExpectSuccess(page);
    await page.waitForTimeout(300);
    await screenshot(page, `customer-redeem-success-${name}`);

    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByText(CLIENT.email).waitFor();
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `customer-profile-${name}`);
  });
});
