import { readFile } from 'node:fs/promises';
import { labels, messages } from '@chaveiro/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const RESELLER = {
  username: 'revenda_e2e',
  email: 'revenda-e2e@exemplo.test',
  password: 'senha-da-revenda',
};
const CLIENT = {
  username: 'cliente_da_revenda',
  email: 'cliente-revenda@exemplo.test',
  password: 'senha-do-cliente',
};

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  await post('/products', {
    name: 'Aim Pro',
    description: 'Mira assistida',
    plans: { weekly: 4, monthly: 12.5 },
  });
  // The admin creates the reseller with R$ 100,00, as on /admin/resellers.
  await post('/resellers', { type: 'new', ...RESELLER, initialBalance: 100 });
  await post('/users', CLIENT);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openPage(viewport = DESKTOP, theme: 'light' | 'dark' = 'light', token = '') {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addInitScript(
    ([storedTheme, storedToken]) => {
      localStorage.setItem('chaveiro-theme', storedTheme);
      if (storedToken) localStorage.setItem('authToken', storedToken);
    },
    [theme, token] as const,
  );
  return context.newPage();
}

async function logIn(page: Page, user: { username: string; password: string }) {
  const t = labels.auth;
  await page.goto(`${server.url}/auth`);
  await page.getByLabel(t.identifier, { exact: true }).fill(user.username);
  await page.getByLabel(t.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: t.login, exact: true }).click();
}

function stat(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title });
}

function keyRow(page: Page, key: string): Locator {
  return page.getByRole('row').filter({ hasText: key });
}

/** A column of a key's row (on wide screens; phones fold them into the key cell). */
function keyCell(page: Page, key: string, text: string): Locator {
  return keyRow(page, key).getByRole('cell', { name: text, exact: true });
}

describe('reseller dashboard', () => {
  it('buys 3 keys, sees one redeemed by a client and is notified', async () => {
    // The reseller lands on their dashboard after logging in.
    const page = await openPage();
    await logIn(page, RESELLER);
    await page.waitForURL(`${server.url}/reseller/dashboard`);
    await stat(page, 'Saldo disponível').getByText('R$ 100,00').waitFor();
    await page.getByText('Nenhuma chave encontrada.').waitFor();

    // Buy 3 monthly keys of Aim Pro: R$ 37,50, leaving R$ 62,50.
    await page.getByLabel('Produto', { exact: true }).selectOption({ label: 'Aim Pro' });
    await page.getByLabel('Plano', { exact: true }).selectOption('monthly');
    await page.getByLabel('Quantidade', { exact: true }).fill('3');
    const summary = page.locator('dl[aria-label="Resumo da compra"]');
    await summary.getByText('R$ 37,50').waitFor();
    await summary.getByText('R$ 62,50').waitFor();
    await page.getByRole('button', { name: 'Comprar chaves' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirmar compra' });
    await confirm
      .getByText(
        'Você vai comprar 3 chaves de Aim Pro (Mensal) por R$ 37,50. Seu saldo após a compra: R$ 62,50.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Confirmar compra' }).click();

    const result = page.getByRole('dialog', { name: 'Chaves compradas' });
    const list = result.getByRole('list', { name: 'Chaves compradas' });
    await list.getByRole('listitem').nth(2).waitFor();
    const keys = (await list.getByRole('listitem').allInnerTexts()).map((key) => key.trim());
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[A-Z0-9]{18}$/);
    await result.getByRole('button', { name: 'Copiar todas' }).click();
    await page.getByText('3 chaves copiadas!').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(keys.join('\n'));
    await screenshot(page, 'reseller-purchased-keys-desktop-light');
    await result.getByRole('button', { name: 'Fechar' }).first().click();

    await stat(page, 'Saldo disponível').getByText('R$ 62,50').waitFor();
    await stat(page, 'Chaves compradas').getByText('3', { exact: true }).waitFor();
    await stat(page, 'Gasto este mês').getByText('R$ 37,50').waitFor();
    for (const key of keys) await keyCell(page, key, 'Disponível').waitFor();
    // The header's balance chip follows the purchase.
    await page.locator('header').getByText('R$ 62,50').waitFor();

    // A client redeems the first key on /dashboard/redeem.
    const clientPage = await openPage();
    await logIn(clientPage, CLIENT);
    await clientPage.waitForURL(`${server.url}/dashboard`);
    await clientPage.goto(`${server.url}/dashboard/redeem`);
    await clientPage.getByLabel('Caractere 1 de 18', { exact: true }).click();
    await clientPage.keyboard.type(keys[0]!);
    await clientPage.getByRole('button', { name: 'Resgatar chave' }).click();
    await clientPage.getByRole('dialog').getByRole('heading', { name: 'Sucesso!' }).waitFor();

    // The reseller sees it redeemed, by whom, and the bell has the news.
    await page.reload();
    await keyCell(page, keys[0]!, 'Resgatada').waitFor();
    await keyCell(page, keys[0]!, CLIENT.username).waitFor();
    await stat(page, 'Resgatadas').getByText('1', { exact: true }).waitFor();
    await stat(page, 'Disponíveis').getByText('2', { exact: true }).waitFor();

    const bell = page.getByRole('button', { name: 'Notificações (1 não lida)' });
    await bell.click();
    const notice = `Sua chave ${keys[0]!.slice(0, 6)}… de Aim Pro foi resgatada por ${CLIENT.username}.`;
    await page.getByText(notice).waitFor();
    await page.getByText('Chave resgatada', { exact: true }).waitFor();
    await screenshot(page, 'reseller-notification-desktop-light');
    await page.getByText(notice).click();
    await page.getByRole('button', { name: 'Notificações', exact: true }).waitFor();
    expect(page.url()).toBe(`${server.url}/reseller/dashboard`);

    // The search finds the key by its redeemer; the CSV of that filter holds just that key.
    await page.getByLabel('Buscar por chave ou cliente').fill(CLIENT.username.slice(0, 7));
    await page.getByText('1 chave', { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('minhas-chaves.csv');
    const csv = await readFile(await download.path());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Chave;Produto;Validade (dias);Status;Resgatada por;Resgatada em;Comprada em',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${keys[0]!};Aim Pro;30;Resgatada;${CLIENT.username};`));
    await page.getByLabel('Buscar por chave ou cliente').fill('');
    // The unfiltered list back (not the dimmed rows of the refetch) before axe measures contrast.
    await page.getByText('3 chaves', { exact: true }).waitFor();

    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'reseller-dashboard-desktop-light');

    // The reseller's own subscriptions are one click away, and back.
    await page.getByRole('link', { name: labels.customerNav.home }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText('Nenhuma assinatura ativa').waitFor();
    await page.getByRole('link', { name: 'Painel do Revendedor' }).click();
    await page.waitForURL(`${server.url}/reseller/dashboard`);
    await keyCell(page, keys[0]!, CLIENT.username).waitFor();
  });

  it('refuses a purchase the balance does not cover, and reads well on a phone in dark mode', async () => {
    const token = await apiLogin(server.url, RESELLER.username, RESELLER.password);
    const page = await openPage(PHONE, 'dark', token);
    await page.goto(`${server.url}/reseller/dashboard`);
    await stat(page, 'Saldo disponível').getByText('R$ 62,50').waitFor();
    await page.getByLabel('Produto', { exact: true }).selectOption({ label: 'Aim Pro' });
    await page.getByLabel('Plano', { exact: true }).selectOption('monthly');
    await page.getByLabel('Quantidade', { exact: true }).fill('6');
    await page.getByText('Saldo insuficiente para esta compra.', { exact: false }).waitFor();
    await expect(page.getByRole('button', { name: 'Comprar chaves' }).isDisabled()).resolves.toBe(
      true,
    );
    await page.locator('dl[aria-label="Resumo da compra"]').getByText('-R$ 12,50').waitFor();
    await page.getByText(/^3 chaves$/).waitFor();
    // The table folds into the key column: status and who redeemed it under each key.
    await page.getByText(new RegExp(`^Resgatada por ${CLIENT.username} em `)).waitFor();
    await screenshot(page, 'reseller-dashboard-phone-dark');

    // The server refuses it too, with the same words and nothing changed.
    const products = await apiCall<{ id: string }[]>(server.url, 'GET', '/reseller/products', {
      token,
    });
    const refused = await apiCall(server.url, 'POST', '/reseller/keys', {
      token,
      body: { productId: products.data[0]!.id, durationType: 'monthly', quantity: 6 },
    });
    expect(refused).toEqual({
      status: 409,
      data: { message: messages.reseller.insufficientBalance, code: 'INSUFFICIENT_BALANCE' },
    });

    const desktop = await openPage(DESKTOP, 'dark', token);
    await desktop.goto(`${server.url}/reseller/dashboard`);
    await desktop.getByText(/^3 chaves$/).waitFor();
    await screenshot(desktop, 'reseller-dashboard-desktop-dark');
  });
});
