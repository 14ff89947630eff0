import { messages } from '@chaveiro/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
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
import { startServer, type RunningServer } from './support/server.js';

/** the admin prices plans for resellers, the reseller sees the margin. */
const RESELLER = {
  username: 'revenda_margem',
  email: 'revenda-margem@exemplo.test',
  password: 'senha-da-revenda',
};
const CLIENT = {
  username: 'cliente_margem',
  email: 'cliente-margem@exemplo.test',
  password: 'senha-do-cliente',
};
const THEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

let server: RunningServer;
let browser: Browser;
let admin: string;
const pages = signedInPages(() => browser);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  // Monthly: R$ 20,00 retail, R$ 12,50 for resellers; weekly: R$ 10,00 and the global discount.
  await post('/products', {
    name: 'Aim Pro',
    description: 'Mira assistida',
    plans: { weekly: 10, monthly: 20 },
    resellerPlans: { monthly: 12.5 },
  });
  await post('/resellers', { type: 'new', ...RESELLER, initialBalance: 100 });
  await post('/users', CLIENT);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => pages.closeAll());

function stat(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title });
}

async function rowMenu(page: Page, name: string, item: string) {
  const menuItem = page.getByRole('menuitem', { name: item });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByRole('button', { name }).first().click();
    const opened = await menuItem
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (opened) break;
    await page.keyboard.press('Escape');
  }
  await menuItem.click();
}

describe('reseller prices', () => {
  it('the admin sets the global discount and sees what each plan costs resellers', async () => {
    const page = await pages.open(admin);
    await page.goto(`${server.url}/admin/settings`);
    const field = page.getByLabel('Desconto global de revenda (%)', { exact: true });
    await field.fill('15');
    await page
      .getByText('Exemplo: um plano de R$ 49,90 sai por R$ 42,42 para revendedores', {
        exact: false,
      })
      .waitFor();
    // Checked before the save: a toast fading in is not this card's contrast.
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Salvar desconto' }).click();
    await expectToast(page, messages.resellerPricing.discountSaved);

    await page.goto(`${server.url}/admin/products`);
    await page.getByText('revenda R$ 12,50').first().waitFor();
    await rowMenu(page, 'Ações do produto Aim Pro', 'Editar');
    const dialog = page.getByRole('dialog', { name: 'Editar produto' });
    // Weekly has no price of its own: R$ 10,00 less 15 %.
    await dialog
      .getByText('Revenda: R$ 8,50 pelo desconto global de 15% · margem R$ 1,50 (15%)')
      .waitFor();
    await dialog.getByText('Revenda: R$ 12,50 · margem R$ 7,50 (37,5%)').waitFor();
    // A reseller price above retail is refused before anything is sent.
    await dialog.getByLabel('Preço revenda (Semanal)').fill('11');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await dialog.getByText(messages.resellerPricing.resellerPriceAboveRetail).waitFor();
    await dialog.getByLabel('Preço revenda (Semanal)').fill('');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    for (const [size, viewport] of VIEWPORTS) {
      for (const theme of THEMES) {
        const look = await pages.open(admin, viewport, theme);
        await look.goto(`${server.url}/admin/settings`);
        await look.getByLabel('Desconto global de revenda (%)', { exact: true }).waitFor();
        await look.getByText('sai por R$ 42,42', { exact: false }).waitFor();
        await screenshot(look, `reseller-prices-settings-${size}-${theme}`);
        await look.goto(`${server.url}/admin/products`);
        await rowMenu(look, 'Ações do produto Aim Pro', 'Editar');
        await look.getByText('Revenda: R$ 8,50', { exact: false }).waitFor();
        await screenshot(look, `reseller-prices-product-dialog-${size}-${theme}`);
      }
    }
  });

  it('the reseller buys at their price and follows the margin, kept when prices change', async () => {
    const token = await apiLogin(server.url, RESELLER.username, RESELLER.password);
    const page = await pages.open(token);
    await page.goto(`${server.url}/reseller/dashboard`);
    await stat(page, 'Saldo disponível').getByText('R$ 100,00').waitFor();

    await page.getByLabel('Produto', { exact: true }).selectOption({ label: 'Aim Pro' });
    await page.getByLabel('Plano', { exact: true }).selectOption('monthly');
    await page.getByLabel('Quantidade', { exact: true }).fill('2');
    const summary = page.locator('dl[aria-label="Resumo da compra"]');
    const row = (label: string) => summary.locator('div').filter({ hasText: label });
    await row('Seu preço').getByText('R$ 12,50').waitFor();
    await row('Preço de varejo').getByText('R$ 20,00').waitFor();
    await row('Sua margem por chave').getByText('R$ 7,50 (37,5%)').waitFor();
    await row('Margem total').getByText('R$ 15,00').waitFor();
    await page.getByRole('button', { name: 'Comprar chaves' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirmar compra' });
    await confirm.getByText('por R$ 25,00', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Confirmar compra' }).click();
    const result = page.getByRole('dialog', { name: 'Chaves compradas' });
    const list = result.getByRole('list', { name: 'Chaves compradas' });
    await list.getByRole('listitem').nth(1).waitFor();
    const keys = (await list.getByRole('listitem').allInnerTexts()).map((key) => key.trim());
    await result.getByRole('button', { name: 'Fechar' }).first().click();

    await stat(page, 'Saldo disponível').getByText('R$ 75,00').waitFor();
    await stat(page, 'Total investido').getByText('R$ 25,00').waitFor();
    await stat(page, 'Valor de varejo').getByText('R$ 40,00').waitFor();
    await stat(page, 'Margem potencial').getByText('R$ 15,00').waitFor();
    await stat(page, 'Margem realizada').getByText('R$ 0,00').waitFor();

    // A client redeems one key; the admin then raises every price.
    const client = await apiLogin(server.url, CLIENT.username, CLIENT.password);
    const redeemed = await apiCall(server.url, 'POST', '/client/redeem-key', {
      token: client,
      body: { keyValue: keys[0] },
    });
    expect(redeemed.status).toBe(200);
    const products = await apiCall<{ id: string; name: string }[]>(server.url, 'GET', '/products', {
      token: admin,
    });
    const aim = products.data.find((product) => product.name === 'Aim Pro');
    const edited = await apiCall(server.url, 'PUT', `/products/${aim!.id}`, {
      token: admin,
      body: { name: 'Aim Pro', plans: { weekly: 12, monthly: 30 }, resellerPlans: {} },
    });
    expect(edited.status).toBe(200);

    await page.reload();
    await stat(page, 'Margem realizada').getByText('R$ 7,50').waitFor();
    await stat(page, 'Margem potencial').getByText('R$ 15,00').waitFor();
    await stat(page, 'Valor de varejo').getByText('R$ 40,00').waitFor();
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    for (const [size, viewport] of VIEWPORTS) {
      for (const theme of THEMES) {
        const look = await pages.open(token, viewport, theme);
        await look.goto(`${server.url}/reseller/dashboard`);
        await stat(look, 'Margem realizada').getByText('R$ 7,50').waitFor();
        await look.getByLabel('Produto', { exact: true }).selectOption({ label: 'Aim Pro' });
        await look.getByLabel('Plano', { exact: true }).selectOption('monthly');
        // R$ 30,00 less the 15 % discount: R$ 25,50, a margin of R$ 4,50.
        await look
          .locator('dl[aria-label="Resumo da compra"]')
          .getByText('R$ 4,50 (15%)')
          .waitFor();
        await screenshot(look, `reseller-prices-dashboard-${size}-${theme}`);
      }
    }
  });
});
