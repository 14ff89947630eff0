import { labels, messages } from '@chaveiro/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiLogin, setupPoster } from './support/api.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const CLIENT = {
  username: 'cliente_ux',
  email: 'cliente-ux@exemplo.test',
  password: 'senha-do-cliente',
};
const RESELLER = {
  username: 'revenda_ux',
  email: 'revenda-ux@exemplo.test',
  password: 'senha-da-revenda',
};
type Theme = 'light' | 'dark';

let server: RunningServer;
let browser: Browser;
let admin: string;
let client: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  const { product } = await post<{ product: { id: string } }>('/products', {
    name: 'Aim Pro',
    description: 'Mira assistida',
    plans: { monthly: 12.5 },
  });
  // Unused keys: the product is in use and cannot be deleted on its own.
  await post('/keys', { productId: product.id, quantity: 2, durationType: 'monthly' });
  await post('/users', CLIENT);
  await post('/resellers', { type: 'new', ...RESELLER, initialBalance: 10 });
  client = await apiLogin(server.url, CLIENT.username, CLIENT.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openPage(token: string | null, viewport = DESKTOP, theme: Theme = 'light') {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  await context.addInitScript(
    ([storedTheme, storedToken]) => {
      localStorage.setItem('chaveiro-theme', storedTheme);
      if (storedToken) localStorage.setItem('authToken', storedToken);
    },
    [theme, token ?? ''] as const,
  );
  return context.newPage();
}

/** What has the focus, described by its accessible name or label. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'body';
    const label = active.id ? document.querySelector(`label[for="${active.id}"]`) : null;
    return (
      active.getAttribute('aria-label') ??
      label?.textContent?.trim() ??
      active.textContent?.trim() ??
      active.tagName
    );
  });
}

const views: [string, { width: number; height: number }, Theme][] = [
  ['desktop-light', DESKTOP, 'light'],
  ['desktop-dark', DESKTOP, 'dark'],
  ['phone-light', PHONE, 'light'],
  ['phone-dark', PHONE, 'dark'],
];

describe('keyboard and focus', () => {
  it('logs in by keyboard: Tab goes from the identifier to the password, Enter submits', async () => {
    const page = await openPage(null);
    await page.goto(`${server.url}/auth`);
    await page.getByLabel(labels.auth.identifier, { exact: true }).click();
    await page.keyboard.type(server.admin.username);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(labels.auth.password);
    await page.keyboard.type(server.admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/admin/dashboard`);
  });

  it("gives the focus back to 'Gerar chaves' and the key's menu button on Esc", async () => {
    const page = await openPage(admin);
    await page.goto(`${server.url}/admin/keys`);
    const generate = page.getByRole('button', { name: 'Gerar chaves' });
    await generate.click();
    await page.getByRole('dialog', { name: 'Gerar chaves' }).waitFor();
    expect(await focused(page)).toBe('Produto');
    await screenshot(page, 'ux-generate-keys-desktop-light');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Gerar chaves');

    const menu = page.getByRole('button', { name: /^Ações da chave / }).first();
    const menuName = await menu.getAttribute('aria-label');
    await menu.click();
    await page.getByRole('menuitem', { name: 'Reset Duration' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await focused(page)).toBe('Dias');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(menuName);
  });

  it("focuses a sub-view's field in 'Gerenciar Usuário' and returns to the row on Esc", async () => {
    const page = await openPage(admin);
    await page.goto(`${server.url}/admin/users`);
    const manage = page.getByRole('button', { name: `Gerenciar ${CLIENT.username}` });
    await manage.click();
    const dialog = page.getByRole('dialog', { name: 'Gerenciar Usuário' });
    await dialog.waitFor();
    expect(await focused(page)).toBe('Alterar username');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Novo e-mail');
    await screenshot(page, 'ux-manage-user-email-desktop-light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(`Gerenciar ${CLIENT.username}`);
  });
});

describe('screens changed by the hardening', () => {
  it('keeps the inactivity notice on /auth until it is dismissed', async () => {
    for (const [name, viewport, theme] of views) {
      // The inactivity logout ends its session on the server: each view signs in anew, and
      // the shared client session stays alive for the other tests.
      const session = await apiLogin(server.url, CLIENT.username, CLIENT.password);
      const page = await openPage(session, viewport, theme);
      await page.clock.install();
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.clock.fastForward(420_000);
      await page.waitForURL(`${server.url}/auth`);
      // Long after a toast would have gone.
      await page.clock.fastForward(60_000);
      const alert = page
        .getByRole('alert')
        .filter({ hasText: messages.errors.sessionExpiredByInactivity });
      await alert.waitFor();
      await screenshot(page, `ux-inactivity-notice-${name}`);
      await alert.getByRole('button', { name: labels.sessionExpired.dismiss }).click();
      await alert.waitFor({ state: 'detached' });
    }
  });

  it('shows unknown admin and customer paths inside their layouts', async () => {
    for (const [name, viewport, theme] of views) {
      const page = await openPage(admin, viewport, theme);
      await page.goto(`${server.url}/admin/anything`);
      await page.getByText(labels.notFound).waitFor();
      const back = page.getByRole('link', { name: labels.notFoundPage.backToPanel });
      expect(await back.getAttribute('href')).toBe('/admin/dashboard');
      await screenshot(page, `ux-admin-not-found-${name}`);
    }
    const page = await openPage(client, PHONE, 'dark');
    await page.goto(`${server.url}/dashboard/anything`);
    await page.getByText(labels.notFound).waitFor();
    expect(
      await page.getByRole('link', { name: labels.notFoundPage.backToPanel }).getAttribute('href'),
    ).toBe('/dashboard');
    await screenshot(page, 'ux-customer-not-found-phone-dark');
  });

  it('keeps the content at the same place on every admin screen', async () => {
    const page = await openPage(admin);
    const edges: number[] = [];
    for (const path of ['dashboard', 'users', 'keys', 'settings', 'activity', 'products']) {
      await page.goto(`${server.url}/admin/${path}`);
      const heading = page.locator('main').getByRole('heading').first();
      await heading.waitFor();
      edges.push((await heading.boundingBox())?.x ?? -1);
    }
    // Sub-pixel rounding aside, every screen starts at the same place.
    expect(Math.max(...edges) - Math.min(...edges)).toBeLessThanOrEqual(1);

    // Opening a dialog locks the scroll without moving the page either.
    await page.goto(`${server.url}/admin/keys`);
    // By tag: an open dialog hides the page from the accessibility tree.
    const heading = page.locator('main h2').first();
    const before = (await heading.boundingBox())?.x;
    await page.getByRole('button', { name: 'Gerar chaves' }).click();
    await page.getByRole('dialog', { name: 'Gerar chaves' }).waitFor();
    expect((await heading.boundingBox())?.x).toBe(before);
  });

  it('edits the redeem key without gaps in a real browser', async () => {
    const page = await openPage(client);
    await page.goto(`${server.url}/dashboard/redeem`);
    const boxes = page.getByRole('group', { name: 'Chave de licença' }).locator('input');
    await boxes.nth(9).click();
    await page.keyboard.type('ab-c d');
    await boxes.nth(1).click();
    await page.keyboard.type('-');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    const values = await boxes.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value).join(''),
    );
    expect(values).toBe('ABC');
    for (const [name, viewport, theme] of views.filter(([view]) => view !== 'desktop-light')) {
      const other = await openPage(client, viewport, theme);
      await other.goto(`${server.url}/dashboard/redeem`);
      await other.getByRole('group', { name: 'Chave de licença' }).locator('input').first().click();
      await other.keyboard.type('ABCD1234');
      await screenshot(other, `ux-redeem-${name}`);
    }
    await screenshot(page, 'ux-redeem-desktop-light');
  });

  it('explains before deleting that a product in use cannot be deleted alone', async () => {
    for (const [name, viewport, theme] of views) {
      const page = await openPage(admin, viewport, theme);
      await page.goto(`${server.url}/admin/products`);
      await page.getByRole('button', { name: 'Ações do produto Aim Pro' }).click();
      await page.getByRole('menuitem', { name: 'Excluir' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Este produto está em uso' });
      await dialog.getByRole('button', { name: 'Desligar' }).waitFor();
      await screenshot(page, `ux-product-in-use-${name}`);
    }
  });

  it('stops a balance removal larger than the balance in the dialog', async () => {
    for (const [name, viewport, theme] of views) {
      const page = await openPage(admin, viewport, theme);
      await page.goto(`${server.url}/admin/resellers`);
      await page.getByRole('button', { name: `Ações do revendedor ${RESELLER.username}` }).click();
      await page.getByRole('menuitem', { name: 'Adicionar/remover saldo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adicionar ou remover saldo' });
      expect(await focused(page)).toBe('Valor (R$)');
      await page.keyboard.type('-20');
      await dialog.getByText(messages.resellers.insufficientBalance).waitFor();
      expect(await dialog.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
      await screenshot(page, `ux-balance-below-zero-${name}`);
    }
  });

  it('asks to confirm the new password on the profile', async () => {
    for (const [name, viewport, theme] of views) {
      const page = await openPage(client, viewport, theme);
      await page.goto(`${server.url}/dashboard/profile`);
      await page.getByRole('button', { name: 'Alterar senha' }).click();
      await page.getByLabel('Senha atual', { exact: true }).fill('qualquer-senha');
      await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123');
      await page.getByLabel('Confirmar nova senha', { exact: true }).fill('nova-senha-124');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText(messages.validation.passwordsDoNotMatch).waitFor();
      await screenshot(page, `ux-profile-password-${name}`);
    }
  });
});
