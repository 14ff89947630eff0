import type { AnalyticsResponse, ExpiringResponse } from '@chaveiro/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { DESKTOP, launchBrowser, screenshot, signedInPages } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * sales made today through the real routes (a deposit approved, a shop purchase, a
 * reseller's keys, a redemption) reach the rollups through the outbox's handlers, and the admin
 * sees them on /admin/dashboard: the period's totals, the revenue chart and its table with the
 * exact amounts, the products, the expiring list and the reseller leaderboard; a chart read out
 * from the keyboard; light, dark and a 375 px phone.
 */

const PRODUCT = 'Produto Análises';
const CUSTOMER = {
  username: 'cliente_analises',
  email: 'cliente-analises@exemplo.test',
  password: 'senha-do-cliente',
};
const EXPIRING = {
  username: 'cliente_expirando',
  email: 'cliente-expirando@exemplo.test',
  password: 'senha-do-cliente',
};
const RESELLER = {
  username: 'revenda_analises',
  email: 'revenda-analises@exemplo.test',
  password: 'senha-da-revenda',
};
const PHONE_375 = { width: 375, height: 812 };

// Today's business, hand-computed: a R$ 60,00 deposit; a monthly plan bought from the balance
// (R$ 49,90) and two monthly keys bought by the reseller at R$ 30,00 each.
const DEPOSITS = 'R$ 60,00';
const SALES = 'R$ 109,90';
const SALES_COUNT = 3;

let server: RunningServer;
let browser: Browser;
let admin: string;
let expiringUserId: string;
let resellerId: string;
let resellerToken: string;
const pages = signedInPages(() => browser);

/** Today in São Paulo as the tables write it (dd/MM/yyyy). */
const todayShown = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  const { product } = await post<{ product: { id: string } }>('/products', {
    name: PRODUCT,
    description: 'Produto da jornada de análises',
    plans: { weekly: 19.9, monthly: 49.9 },
    resellerPlans: { monthly: 30 },
  });
  const settings = await apiCall(server.url, 'PATCH', '/admin/payment-settings', {
    token: admin,
    body: {
      mode: 'manual',
      pix_key: 'pagamentos@chaveiro.test',
      pix_beneficiary: 'Chaveiro Tecnologia LTDA',
      pix_city: 'São Paulo',
    },
  });
  expect(settings.status).toBe(200);
  await post('/users', CUSTOMER);
  expiringUserId = (
    await post<{ id: string }>('/users', {
      ...EXPIRING,
      subscription: { productId: product.id, days: 3, devices: 1 },
    })
  ).id;
  resellerId = (
    await post<{ id: string }>('/resellers', { type: 'new', ...RESELLER, initialBalance: 100 })
  ).id;

  // The customer deposits R$ 60,00; the admin approves it; the customer buys a month.
  const customer = await apiLogin(server.url, CUSTOMER.username, CUSTOMER.password);
  const deposit = await apiCall<{ deposit: { id: string } }>(server.url, 'POST', '/deposits', {
    token: customer,
    body: { amount: 60 },
  });
  expect(deposit.status).toBe(201);
  const approved = await apiCall(
    server.url,
    'POST',
    `/admin/deposits/${deposit.data.deposit.id}/approve`,
    { token: admin },
  );
  expect(approved.status).toBe(200);
  const bought = await apiCall(server.url, 'POST', '/shop/purchase', {
    token: customer,
    body: { productId: product.id, durationType: 'monthly' },
  });
  expect(bought.status).toBe(200);

  // The reseller buys two keys; the customer redeems one of them.
  resellerToken = await apiLogin(server.url, RESELLER.username, RESELLER.password);
  const reseller = resellerToken;
  const keys = await apiCall<{ keys: string[] }>(server.url, 'POST', '/reseller/keys', {
    token: reseller,
    body: { productId: product.id, durationType: 'monthly', quantity: 2 },
  });
  expect(keys.status).toBe(201);
  const redeemed = await apiCall(server.url, 'POST', '/client/redeem-key', {
    token: customer,
    body: { keyValue: keys.data.keys[0] },
  });
  expect(redeemed.status).toBe(200);
});

afterEach(async () => {
  await pages.closeAll();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openDashboardFor7Days(page: Page) {
  await page.goto(`${server.url}/admin/dashboard`);
  await page
    .getByRole('group', { name: 'Período' })
    .getByRole('button', { name: '7 dias' })
    .click();
  await page.waitForURL(/[?&]periodo=7/);
  const totals = page.getByRole('region', { name: 'Resumo do período' });
  await totals.getByText(SALES, { exact: true }).waitFor();
  return totals;
}

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

describe('admin analytics', () => {
  it('charts the day’s deposits and sales, their table, the expiring list and the leaderboard', async () => {
    // The outbox's handlers count them in the rollups in the background.
    await expect
      .poll(
        async () => {
          const { data } = await apiCall<AnalyticsResponse>(
            server.url,
            'GET',
            '/analytics?period=7',
            { token: admin },
          );
          const totals = data.totals.current;
          return [totals.deposits, totals.sales, totals.salesCount, totals.redemptions];
        },
        { timeout: 15_000, interval: 200 },
      )
      .toEqual([60, 109.9, SALES_COUNT, 1]);

    const page = await pages.open(admin);
    const totals = await openDashboardFor7Days(page);
    await totals.getByText(DEPOSITS, { exact: true }).waitFor();
    await totals.getByText(`${String(SALES_COUNT)} vendas`).waitFor();

    // The revenue chart, read from the keyboard: End reaches today, its values announced.
    const revenue = page.getByRole('region', { name: 'Receita por dia' });
    const surface = revenue.getByRole('group', { name: 'Receita por dia: gráfico' });
    await surface.focus();
    await page.keyboard.press('End');
    const announced = revenue.locator('[aria-live="polite"]');
    await expect
      .poll(() => announced.textContent())
      .toBe(`${todayShown()}: Depósitos ${DEPOSITS}, Vendas ${SALES}`);
    await screenshot(page, 'analytics-dashboard-desktop-light');

    // "Ver tabela": the same numbers, today's row exact, the six days before it zero.
    await revenue.getByRole('button', { name: 'Ver tabela' }).click();
    const table = revenue.getByRole('table');
    const today = table.getByRole('row', { name: new RegExp(`^${todayShown()}`) });
    await expect(today.getByRole('cell').allTextContents()).resolves.toEqual([DEPOSITS, SALES]);
    await expect(table.getByRole('row').count()).resolves.toBe(8);
    await expect(table.getByRole('cell', { name: 'R$ 0,00', exact: true }).count()).resolves.toBe(
      12,
    );

    // Per product: the shop purchase and the two keys, one redeemed; no time given back.
    const products = page.getByRole('region', { name: 'Vendas por produto' });
    await products.getByRole('button', { name: 'Ver tabela' }).click();
    const product = products.getByRole('row', { name: new RegExp(PRODUCT) });
    await expect(product.getByRole('cell').allTextContents()).resolves.toEqual([
      SALES,
      '3',
      '1',
      '—',
    ]);

    // Expiring soon: the customer whose plan ends in 3 days, linked to their page.
    const expiring = await apiCall<ExpiringResponse>(server.url, 'GET', '/analytics/expiring', {
      token: admin,
    });
    expect(expiring.data.items.map((item) => item.username)).toEqual([EXPIRING.username]);
    const soon = page.locator('[data-slot=card]', { hasText: 'Expirando em breve' });
    const link = soon.getByRole('link', { name: EXPIRING.username });
    await expect(link.getAttribute('href')).resolves.toBe(`/admin/users/${expiringUserId}`);
    const atStake = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
      .format(expiring.data.revenueAtStake)
      .replace(/\u00a0/g, ' ');
    await soon.getByText(`Receita em risco: ${atStake}`).waitFor();

    // The leaderboard: 2 keys sold, 1 redeemed, R$ 60,00 spent.
    const board = page.locator('[data-slot=card]', { hasText: 'Ranking de revendedores' });
    const row = board.getByRole('row', { name: new RegExp(RESELLER.username) });
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      '1º',
      RESELLER.username,
      '2',
      '1',
      DEPOSITS,
    ]);
    await expect(
      row.getByRole('link', { name: RESELLER.username }).getAttribute('href'),
    ).resolves.toBe(`/admin/users/${resellerId}`);
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'analytics-dashboard-tables-desktop-light');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  });

  it('reads in dark mode and on a 375 px phone', async () => {
    for (const [name, viewport, theme] of [
      ['desktop-dark', DESKTOP, 'dark'],
      ['phone-dark', PHONE_375, 'dark'],
      ['phone-light', PHONE_375, 'light'],
    ] as const) {
      const page = await pages.open(admin, viewport, theme);
      await openDashboardFor7Days(page);
      await page.getByRole('region', { name: 'Receita por dia' }).locator('svg').first().waitFor();
      await page.getByRole('link', { name: EXPIRING.username }).first().waitFor();
      await page.getByRole('link', { name: RESELLER.username }).first().waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `analytics-dashboard-${name}`);
      if (theme === 'dark') await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    }
  });

  it('shows the reseller its own keys: bought, redeemed and spent', async () => {
    for (const [name, viewport, theme] of [
      ['desktop-light', DESKTOP, 'light'],
      ['phone-dark', PHONE_375, 'dark'],
    ] as const) {
      const page = await pages.open(resellerToken, viewport, theme);
      await page.goto(`${server.url}/reseller/dashboard`);
      const totals = page.getByRole('group', { name: 'Resumo do período' });
      // 2 keys bought, 1 redeemed, R$ 60,00 spent.
      await totals.getByText(DEPOSITS, { exact: true }).waitFor();
      await expect(totals.getByText('2', { exact: true }).count()).resolves.toBe(1);
      await expect(totals.getByText('1', { exact: true }).count()).resolves.toBe(1);
      const keys = page.getByRole('region', { name: 'Chaves por dia' });
      await keys.getByRole('button', { name: 'Ver tabela' }).click();
      const today = keys.getByRole('row', { name: new RegExp(`^${todayShown()}`) });
      await expect(today.getByRole('cell').allTextContents()).resolves.toEqual(['2', '1']);
      await expectNoSidewaysScroll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `analytics-reseller-${name}`);
    }
  });
});
