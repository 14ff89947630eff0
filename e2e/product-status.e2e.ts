import {
  formatDuration,
  loaderFileMessages,
  PRODUCT_OPERATIONAL_LABELS,
  productStatusMessages,
  type ClientDashboard,
  type ClientSubscription,
} from '@chaveiro/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, apiLogin, setupPoster, setupUploader } from './support/api.js';
import {
  DESKTOP,
  expectToast,
  launchBrowser,
  PHONE,
  screenshot,
  settled,
  signedInPages,
} from './support/browser.js';
import { tinyPe } from './support/files.js';
import { startServer, type RunningServer } from './support/server.js';

const PRODUCT = 'Radar Supremo';
const NOTE = 'Detectado após a atualização do jogo; previsão 48 h';
const CLIENT = {
  username: 'cliente_status',
  email: 'status@exemplo.test',
  password: 'senha-boa-123',
};
const UPDATING = PRODUCT_OPERATIONAL_LABELS.updating;
const OPERATIONAL = PRODUCT_OPERATIONAL_LABELS.operational;

let server: RunningServer;
let browser: Browser;
let admin: string;
let customer: string;
let subscriptionId: string;
const pages = signedInPages(() => browser);
const publicContexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  const productId = (await post<{ product: { id: string } }>('/products', { name: PRODUCT }))
    .product.id;
  const [key] = (await post<{ keys: string[] }>('/keys', { productId, days: 30, quantity: 1 }))
    .keys;
  await post('/users', CLIENT);
  // The product has a loader, so the card offers its download (and must hold it back).
  await setupUploader(server.url, admin)(
    `/products/${productId}/loader`,
    { field: 'loaderFile', bytes: tinyPe(1024), name: 'RadarLoader.exe' },
    { version: '2.0.1' },
  );
  // A running subscription of the product, redeemed by the customer.
  customer = await apiLogin(server.url, CLIENT.username, CLIENT.password);
  await setupPoster(server.url, customer)('/client/redeem-key', { keyValue: key });
  subscriptionId = (await ownSubscription()).subscription_id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await pages.closeAll();
  await Promise.all(publicContexts.splice(0).map((context) => context.close()));
});

/** The customer's subscription to PRODUCT as `GET /api/client/dashboard` answers it. */
async function ownSubscription(): Promise<ClientSubscription> {
  const { data } = await apiCall<ClientDashboard>(server.url, 'GET', '/client/dashboard', {
    token: customer,
  });
  const sub = data.subscriptions.find((s) => s.product_name === PRODUCT);
  if (!sub) throw new Error(`no subscription to ${PRODUCT}`);
  return sub;
}

/** The admin's "Status operacional…" dialog of PRODUCT, from its row's menu. */
async function openStatusDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: `Ações do produto ${PRODUCT}` }).click();
  await page.getByRole('menuitem', { name: 'Status operacional…' }).click();
  const dialog = page.getByRole('dialog', { name: `Status operacional: ${PRODUCT}` });
  await dialog.waitFor();
  await settled(dialog);
  return dialog;
}

/** The customer's subscriptions page with PRODUCT's card, as `theme` on `viewport`. */
async function customerCard(
  viewport = DESKTOP,
  theme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; card: Locator }> {
  const page = await pages.open(customer, viewport, theme);
  await page.goto(`${server.url}/dashboard`);
  const card = page.getByRole('article', { name: PRODUCT });
  await card.waitFor();
  return { page, card };
}

/** The public /status page, no session, once its board has the products' data. */
async function statusPage(viewport = DESKTOP, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme: theme });
  publicContexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/status`);
  // The prerendered page shows a skeleton until its board has asked the API.
  await page.getByRole('heading', { name: 'Produtos', exact: true }).waitFor();
  return page;
}

/** The card on the other screens and theme (the journey itself runs on desktop, light). */
async function lookAtCard(state: string): Promise<void> {
  for (const [name, viewport, theme] of [
    ['desktop-dark', DESKTOP, 'dark'],
    ['phone-light', PHONE, 'light'],
    ['phone-dark', PHONE, 'dark'],
  ] as const) {
    const { page } = await customerCard(viewport, theme);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `product-status-card-${state}-${name}`);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function statusEntry(page: Page): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PRODUCT }) });
}

describe('product status', () => {
  it('the admin puts the product under update with a note; the card, /status and the loader download show it; back to operational gives the time back', async () => {
    const before = await ownSubscription();
    expect(before.subscription_status).toBe('active');

    // Admin: "Em atualização" with a note, freezing time (on by default).
    const adminPage = await pages.open(admin, DESKTOP, 'light');
    await adminPage.goto(`${server.url}/admin/products`);
    let dialog = await openStatusDialog(adminPage);
    await dialog.getByRole('radio', { name: new RegExp(`^${UPDATING}`) }).click();
    await dialog.getByLabel('Nota pública', { exact: true }).fill(NOTE);
    const freeze = dialog.getByRole('switch', { name: 'Congelar o tempo' });
    await expect(freeze.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(
      dialog
        .getByRole('switch', { name: 'Permitir vendas enquanto isso' })
        .getAttribute('aria-checked'),
    ).resolves.toBe('false');
    await dialog.getByLabel('Motivo (registro de auditoria)').fill('Atualização do jogo');
    await screenshot(adminPage, 'product-status-admin-dialog-desktop-light');
    const frozeFrom = Date.now();
    await dialog.getByRole('button', { name: 'Salvar status' }).click();
    await expectToast(
      adminPage,
      `${productStatusMessages.changed(UPDATING)} ${productStatusMessages.frozen(1)}`,
    );
    const frozeTo = Date.now();
    const row = adminPage.getByRole('row').filter({ hasText: PRODUCT });
    await row.getByTestId('product-status-badge').getByText(UPDATING).waitFor();
    await settled(adminPage.locator('[data-sonner-toast][data-mounted="true"]').first());
    await screenshot(adminPage, 'product-status-admin-list-desktop-light');

    // Customer: the banner with the note, the clock frozen, the download held back.
    const { page, card } = await customerCard();
    const banner = card.getByRole('note', { name: `Produto ${UPDATING.toLowerCase()}` });
    await banner.getByText(NOTE).waitFor();
    await banner
      .getByText('O tempo está congelado e volta a contar quando o produto voltar.')
      .waitFor();
    await card.getByText('Congelada', { exact: true }).waitFor();
    await card.getByText(/^Congelada — restam \d+ dias$/).waitFor();
    const download = card.getByRole('button', { name: loaderFileMessages.download });
    await expect(download.isDisabled()).resolves.toBe(true);
    // A disabled button takes no pointer: its wrapper names why, and shows it on focus.
    const reason = card
      .locator('span[tabindex="0"]')
      .filter({ has: page.getByRole('button', { name: loaderFileMessages.download }) });
    const why = loaderFileMessages.productUpdating(null);
    await expect(reason.getAttribute('aria-label')).resolves.toBe(why);
    await reason.focus();
    await page.getByRole('tooltip').getByText(why).first().waitFor();
    await screenshot(page, 'product-status-card-frozen-desktop-light');
    await lookAtCard('frozen');
    // The server refuses the download itself, with the note.
    const refused = await apiCall<{ message: string; code: string }>(
      server.url,
      'GET',
      `/client/subscriptions/${subscriptionId}/loader`,
      { token: customer },
    );
    expect(refused.status).toBe(503);
    expect(refused.data).toMatchObject({
      code: 'PRODUCT_UPDATING',
      message: loaderFileMessages.productUpdating(NOTE),
    });

    // Public /status, no login: the product under update, with the note.
    const status = await statusPage();
    const entry = statusEntry(status);
    await entry.getByText(UPDATING, { exact: true }).waitFor();
    await entry.getByText(NOTE).waitFor();
    await status.getByText('1 produto afetado no momento').waitFor();
    await screenshot(status, 'product-status-public-updating-desktop-light');
    for (const [name, viewport, theme] of [
      ['desktop-dark', DESKTOP, 'dark'],
      ['phone-dark', PHONE, 'dark'],
    ] as const) {
      const other = await statusPage(viewport, theme);
      await statusEntry(other).getByText(NOTE).waitFor();
      await screenshot(other, `product-status-public-updating-${name}`);
    }

    // Admin: back to operational; the note goes with the outage, the time comes back.
    dialog = await openStatusDialog(adminPage);
    await dialog.getByRole('radio', { name: new RegExp(`^${OPERATIONAL}`) }).click();
    await expect(dialog.getByLabel('Nota pública', { exact: true }).inputValue()).resolves.toBe('');
    await dialog
      .getByText('Ao voltar para Operacional, o tempo congelado é devolvido às assinaturas.')
      .waitFor();
    const thawFrom = Date.now();
    await dialog.getByRole('button', { name: 'Salvar status' }).click();
    const thawed = adminPage.getByText(
      new RegExp(`^${escapeRegExp(productStatusMessages.changed(OPERATIONAL))} .+ devolvidos`),
    );
    await thawed.first().waitFor();
    const thawTo = Date.now();
    const thawedToast = await thawed.first().textContent();
    await row.getByTestId('product-status-badge').waitFor({ state: 'detached' });

    // Exactly the frozen span, to the millisecond: the expiry moved by what was given back. The
    // freeze lasted seconds of real time (the built server's clock is the system's; nothing in a
    // browser test moves it), so the toast and the card say "menos de 1 min" here.
    const after = await ownSubscription();
    const givenBack = after.given_back!.ms;
    expect(givenBack).toBeGreaterThanOrEqual(thawFrom - frozeTo);
    expect(givenBack).toBeLessThanOrEqual(thawTo - frozeFrom);
    expect(Date.parse(after.expires_at) - Date.parse(before.expires_at)).toBe(givenBack);
    expect(after.subscription_status).toBe('active');
    expect(thawedToast).toBe(
      `${productStatusMessages.changed(OPERATIONAL)} ${productStatusMessages.givenBack(1, formatDuration(givenBack))}`,
    );

    // The card: running again, "+… devolvidos", the download back.
    await page.reload();
    await card
      .getByTestId('given-back')
      .getByText(`+${formatDuration(givenBack)} devolvidos`)
      .waitFor();
    await card.getByText('Ativa', { exact: true }).waitFor();
    await expect(card.getByTestId('product-status-banner').count()).resolves.toBe(0);
    await expect(download.isEnabled()).resolves.toBe(true);
    await screenshot(page, 'product-status-card-given-back-desktop-light');
    await lookAtCard('given-back');

    const back = await statusPage();
    await statusEntry(back).getByText(OPERATIONAL, { exact: true }).waitFor();
    await back.getByText('Todos os sistemas operacionais').waitFor();
    await expect(statusEntry(back).getByText(NOTE).count()).resolves.toBe(0);
  });
});
