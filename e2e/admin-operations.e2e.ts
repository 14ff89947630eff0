import { readFile } from 'node:fs/promises';
import { ACTIVITY_TYPE_LABELS, messages } from '@chaveiro/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import {
  DESKTOP,
  expectToast,
  launchBrowser,
  PHONE,
  screenshot,
  signedInPages,
} from './support/browser.js';
import { recordHeartbeat } from './support/database.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The admin operations' journeys: the customer page, a bulk ban, the audit log's filters and export, the
 * phone layout and the command palette. One server and one browser for the file; the journeys
 * run in order (the audit log reads the bulk ban's rows).
 */

const PRODUCT = 'Produto Operações';
const CUSTOMER = {
  username: 'joana_operacoes',
  email: 'joana.operacoes@exemplo.test',
  password: 'senha-da-joana',
};
const BATCH = ['lote_ana', 'lote_bia', 'lote_caio'];
const HWIDS = ['HWID-OPS-0001', 'HWID-OPS-0002'];

interface ActivityRow {
  type: string;
  target: { kind: string; id: string } | null;
  actor: { username: string } | null;
}

let server: RunningServer;
let browser: Browser;
let adminToken: string;
let customerId: string;
const batchIds: string[] = [];
const pages = signedInPages(() => browser);

/** Today in São Paulo (the audit log's days), as YYYY-MM-DD. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  adminToken = await apiLogin(server.url, server.admin.username, server.admin.password);
  const post = setupPoster(server.url, adminToken);
  const { product } = await post<{ product: { id: string } }>('/products', {
    name: PRODUCT,
    description: 'Produto das jornadas de operação',
    plans: { monthly: 19.9 },
  });
  customerId = (
    await post<{ id: string }>('/users', {
      ...CUSTOMER,
      subscription: { productId: product.id, days: 30, devices: 2 },
    })
  ).id;
  for (const username of BATCH) {
    const created = await post<{ id: string }>('/users', {
      username,
      email: `${username}@exemplo.test`,
      password: 'senha-do-lote',
    });
    batchIds.push(created.id);
  }
  await post('/keys', { productId: product.id, days: 30, quantity: 3 });
  const { data: subscriptions } = await apiCall<{ id: string }[]>(
    server.url,
    'GET',
    `/users/${customerId}/subscriptions`,
    { token: adminToken },
  );
  const subscription = subscriptions[0];
  if (!subscription) throw new Error('the customer has no subscription');
  for (const hwid of HWIDS) recordHeartbeat(server.dataDir, subscription.id, hwid);
});

afterEach(async () => {
  await pages.closeAll();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function activityOf(query: string) {
  const { data } = await apiCall<{ items: ActivityRow[]; total: number }>(
    server.url,
    'GET',
    `/activity?${query}`,
    { token: adminToken },
  );
  return data;
}

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

/** Every card of the list has its status and its actions inside the screen. */
async function expectCardsInView(page: Page, status: RegExp) {
  const cards = page.locator('main ul > li');
  await cards.first().waitFor();
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    const statusBox = await card.getByText(status).first().boundingBox();
    const actionBox = await card.getByRole('button').last().boundingBox();
    for (const box of [statusBox, actionBox]) {
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    }
  }
}

describe('admin operations', () => {
  it('opens a customer page from the users table and releases one of its machines', async () => {
    const page = await pages.open(adminToken);
    await page.goto(`${server.url}/admin/users?q=${CUSTOMER.username}`);
    await page.getByRole('link', { name: CUSTOMER.username, exact: true }).click();
    await page.waitForURL(`${server.url}/admin/users/${customerId}`);

    await page.getByRole('heading', { level: 1, name: CUSTOMER.username }).waitFor();
    const header = page.locator('main header');
    await expect(header.getByText('R$ 0,00').isVisible()).resolves.toBe(true);
    await expect(header.getByText(CUSTOMER.email).isVisible()).resolves.toBe(true);
    const subscription = page.getByRole('region', { name: `Assinatura ${PRODUCT}` });
    for (const hwid of HWIDS) await subscription.getByText(hwid, { exact: true }).waitFor();
    await expect(subscription.getByText('Online').count()).resolves.toBe(2);
    await page.getByRole('heading', { name: 'Histórico' }).waitFor();
    await screenshot(page, 'admin-customer-desktop-light');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    await subscription.getByRole('button', { name: `Liberar o computador ${HWIDS[0]}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Liberar computador?' });
    await confirm.getByText(HWIDS[0] ?? '').waitFor();
    await confirm.getByRole('button', { name: 'Liberar', exact: true }).click();
    await expectToast(page, messages.customers.machineReleased(HWIDS[0] ?? ''));
    await subscription.getByText(HWIDS[0] ?? '', { exact: true }).waitFor({ state: 'detached' });
    await subscription.getByText(HWIDS[1] ?? '', { exact: true }).waitFor();
    const overview = await apiCall<{ subscriptions: { machines: { hwid: string }[] }[] }>(
      server.url,
      'GET',
      `/users/${customerId}/overview`,
      { token: adminToken },
    );
    expect(overview.data.subscriptions[0]?.machines.map((machine) => machine.hwid)).toEqual([
      HWIDS[1],
    ]);
    // The timeline tells the release.
    const releasedLine = messages.customers.machineReleasedLog(
      CUSTOMER.username,
      HWIDS[0] ?? '',
      PRODUCT,
    );
    await page.getByText(releasedLine).first().waitFor();

    // Phone dark and light, desktop dark: the same page, looked at and checked.
    for (const [device, viewport, theme] of [
      ['phone', PHONE, 'dark'],
      ['phone', PHONE, 'light'],
      ['desktop', DESKTOP, 'dark'],
    ] as const) {
      const other = await pages.open(adminToken, viewport, theme);
      await other.goto(`${server.url}/admin/users/${customerId}`);
      await other.getByRole('heading', { level: 1, name: CUSTOMER.username }).waitFor();
      await other.getByText(HWIDS[1] ?? '', { exact: true }).waitFor();
      await other.getByText(releasedLine).first().waitFor();
      // The balance stays in the header on a phone.
      await expect(other.locator('main header').getByText('R$ 0,00').isVisible()).resolves.toBe(
        true,
      );
      await expectNoSidewaysScroll(other);
      await screenshot(other, `admin-customer-${device}-${theme}`);
      if (theme === 'dark') await expect(seriousAxeViolations(other)).resolves.toEqual([]);
    }
  });

  it('bans three users at once from a filtered, selected users table', async () => {
    const page = await pages.open(adminToken);
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('searchbox', { name: 'Buscar por username ou e-mail' }).fill('lote_');
    await page.waitForURL(/[?&]q=lote_/);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(3);
    for (const username of BATCH) await rows.filter({ hasText: username }).waitFor();

    await page.getByRole('checkbox', { name: 'Selecionar a página' }).check();
    const bar = page.getByRole('region', { name: 'Ações em massa' });
    await bar.getByText('3 usuários selecionados').waitFor();
    await screenshot(page, 'admin-users-bulk-desktop-light');
    await bar.getByRole('button', { name: 'Banir', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Banir 3 usuários?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Banir', exact: true }).click();
    await expectToast(page, '3 usuários banidos.');
    for (const username of BATCH) {
      await rows.filter({ hasText: username }).getByText('Banido').waitFor();
    }
    await bar.waitFor({ state: 'detached' });

    const banned = await activityOf('type=user.banned');
    const bannedTargets = banned.items.map((row) => row.target?.id).sort();
    expect(bannedTargets).toEqual([...batchIds].sort());

    // The filter lives in the URL: a reload (or a copied link) opens the same view.
    await page.getByRole('combobox', { name: 'Filtrar por status' }).selectOption('banned');
    await page.waitForURL(/status=banned/);
    await page.reload();
    await expect(
      page.getByRole('searchbox', { name: 'Buscar por username ou e-mail' }).inputValue(),
    ).resolves.toBe('lote_');
    await expect(
      page.getByRole('combobox', { name: 'Filtrar por status' }).inputValue(),
    ).resolves.toBe('banned');
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(3);
    await expect(rows.getByText('Banido').count()).resolves.toBe(3);

    // On a phone dark, the same view as cards with the bulk bar.
    // The same view with the bulk bar on a phone (cards) and in dark mode.
    for (const [device, viewport, theme] of [
      ['phone', PHONE, 'dark'],
      ['phone', PHONE, 'light'],
      ['desktop', DESKTOP, 'dark'],
    ] as const) {
      const other = await pages.open(adminToken, viewport, theme);
      await other.goto(page.url());
      await other.getByRole('checkbox', { name: 'Selecionar a página' }).check();
      await other.getByRole('region', { name: 'Ações em massa' }).getByText('3 usuários').waitFor();
      await expectNoSidewaysScroll(other);
      await screenshot(other, `admin-users-bulk-${device}-${theme}`);
    }
  });

  it('filters the audit log by type, author and day, and exports the filtered rows', async () => {
    const page = await pages.open(adminToken);
    await page.goto(`${server.url}/admin/activity`);
    await page.getByRole('heading', { name: 'Registro de atividades' }).waitFor();
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();

    await page.getByRole('combobox', { name: 'Filtrar por tipo' }).selectOption('user.banned');
    const author = page.getByLabel('Autor', { exact: true });
    await author.fill(server.admin.username);
    await author.press('Enter');
    await page.getByLabel('De', { exact: true }).fill(today());
    await page.getByLabel('Até', { exact: true }).fill(today());
    await page.waitForURL(
      (url) =>
        url.searchParams.get('type') === 'user.banned' &&
        url.searchParams.get('actor') === server.admin.username &&
        url.searchParams.get('from') === today() &&
        url.searchParams.get('to') === today(),
    );
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(3);
    const label = ACTIVITY_TYPE_LABELS['user.banned'];
    for (let index = 0; index < 3; index += 1) {
      const row = rows.nth(index);
      await expect(row.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(
        row.getByRole('link', { name: server.admin.username, exact: true }).isVisible(),
      ).resolves.toBe(true);
    }
    for (const username of BATCH) await rows.filter({ hasText: username }).waitFor();
    await screenshot(page, 'admin-activity-filtered-desktop-light');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('atividades.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('data_hora,tipo,acao,autor,alvo,alvo_nome,ip');
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1)) expect(line).toContain(`,${label},`);
    for (const username of BATCH) expect(csv).toContain(username);

    // Another author: nothing matches; a day before the bans: nothing either.
    await author.fill(CUSTOMER.username);
    await author.press('Enter');
    await page.getByText('Nenhuma atividade encontrada.').waitFor();
    await author.fill(server.admin.username);
    await author.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(3);
    await page.getByLabel('De', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Até', { exact: true }).fill('2020-01-02');
    await page.getByText('Nenhuma atividade encontrada.').waitFor();

    const dark = await pages.open(adminToken, DESKTOP, 'dark');
    await dark.goto(`${server.url}/admin/activity`);
    await dark.locator('tbody tr').first().waitFor();
    await screenshot(dark, 'admin-activity-desktop-dark');
    await expect(seriousAxeViolations(dark)).resolves.toEqual([]);
  });

  it('fits a 390 px phone: users, keys and activity as cards, no sideways scroll', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await pages.open(adminToken, PHONE, theme);
      await page.goto(`${server.url}/admin/users`);
      await page.getByRole('heading', { name: 'Gerenciar Usuários' }).waitFor();
      await expectCardsInView(page, /^(Ativo|Banido)$/);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `admin-users-phone-${theme}`);

      await page.goto(`${server.url}/admin/keys`);
      await expectCardsInView(page, /^(Disponível|Usada|Banida|Expirada)$/);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `admin-keys-phone-${theme}`);
      if (theme === 'dark') await expect(seriousAxeViolations(page)).resolves.toEqual([]);

      await page.goto(`${server.url}/admin/activity`);
      await page.getByRole('heading', { name: 'Registro de atividades' }).waitFor();
      const cards = page.locator('main ul > li');
      await cards.first().waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `admin-activity-phone-${theme}`);
      if (theme === 'dark') await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    }

    // The customer's own header keeps the balance on a phone.
    const customerToken = await apiLogin(server.url, CUSTOMER.username, CUSTOMER.password);
    const customer = await pages.open(customerToken, PHONE);
    await customer.goto(`${server.url}/dashboard`);
    const balance = customer.locator('header').getByTitle('Saldo');
    await balance.waitFor();
    await expect(balance.textContent()).resolves.toContain('R$ 0,00');
    await expectNoSidewaysScroll(customer);
  });

  it('jumps to a customer from the command palette (Ctrl+K)', async () => {
    const page = await pages.open(adminToken);
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByRole('button', { name: /Abrir a paleta de comandos/ }).waitFor();
    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Paleta de comandos' });
    await palette.waitFor();
    await palette.getByRole('combobox').fill('joana_op');
    await palette.getByRole('option', { name: new RegExp(CUSTOMER.username) }).waitFor();
    // No screen is called so: the user is the first (and chosen) result.
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/admin/users/${customerId}`);
    await page.getByRole('heading', { level: 1, name: CUSTOMER.username }).waitFor();
  });
});
