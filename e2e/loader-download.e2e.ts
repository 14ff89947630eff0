import { loaderFileMessages as t } from '@chaveiro/contract';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import {
  DESKTOP,
  launchBrowser,
  PHONE,
  screenshot,
  settled,
  signedInPages,
} from './support/browser.js';
import { tinyPe } from './support/files.js';
import { startServer, type RunningServer } from './support/server.js';

const PRODUCT = 'Radar Supremo';
const CLIENT = {
  username: 'primeiro_acesso',
  email: 'primeiro@exemplo.test',
  password: 'senha-boa-123',
};
const VERSION = '1.4.2';
const NOTES = 'Inicia mais rápido e mostra o HWID na tela inicial.';

const LOADER = tinyPe();

let server: RunningServer;
let browser: Browser;
let admin: string;
let productId: string;
let keys: string[];
const pages = signedInPages(() => browser);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  productId = (await post<{ product: { id: string } }>('/products', { name: PRODUCT })).product.id;
  keys = (await post<{ keys: string[] }>('/keys', { productId, days: 30, quantity: 2 })).keys;
  await post('/users', CLIENT);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await pages.closeAll();
});

/** Types `key` into the redeem boxes in lower case (any case is accepted) and redeems it. */
async function redeem(page: Page, key: string): Promise<Locator> {
  await page.goto(`${server.url}/dashboard/redeem`);
  await page.getByRole('group', { name: 'Chave de licença' }).waitFor();
  await page.getByLabel('Caractere 1 de 18').click();
  await page.keyboard.type(key.toLowerCase());
  await page.getByRole('button', { name: 'Resgatar chave' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Sucesso!' }).waitFor();
  await settled(dialog);
  return dialog;
}

describe('loader download and first-run guide', () => {
  it('admin uploads the loader; the customer redeems a key and downloads it from the modal and the card', async () => {
    // Admin: the products screen's "Arquivo do loader".
    const adminPage = await pages.open(admin, DESKTOP, 'light');
    await adminPage.goto(`${server.url}/admin/products`);
    await adminPage.getByRole('button', { name: `Ações do produto ${PRODUCT}` }).click();
    await adminPage.getByRole('menuitem', { name: t.menuItem }).click();
    const upload = adminPage.getByRole('dialog');
    await upload.getByLabel(t.fileLabel, { exact: true }).setInputFiles({
      name: 'RadarLoader.exe',
      mimeType: 'application/vnd.microsoft.portable-executable',
      buffer: LOADER,
    });
    await upload.getByLabel(t.versionLabel, { exact: true }).fill(VERSION);
    await upload.getByLabel(t.notesLabel, { exact: true }).fill(NOTES);
    await upload.getByRole('button', { name: t.send }).click();
    await upload.getByTestId('loader-name').getByText(`Versão ${VERSION}`).waitFor();
    await settled(upload);
    await screenshot(adminPage, 'loader-download-admin-dialog-desktop-light');
    await upload.getByRole('button', { name: 'Fechar' }).first().click();
    await adminPage
      .getByTestId('product-loader')
      .getByText(`Loader ${VERSION} · 0 downloads`)
      .waitFor();

    // Customer: redeem → "Baixar loader" in the success modal, next to the guide.
    const token = await apiLogin(server.url, CLIENT.username, CLIENT.password);
    const page = await pages.open(token, DESKTOP, 'light');
    const dialog = await redeem(page, keys[0]!);
    const guide = dialog.getByRole('region', { name: t.guideTitle });
    await guide.getByText(t.guideSteps[3]).waitFor();
    await screenshot(page, 'loader-download-redeem-modal-desktop-light');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      guide.getByRole('button', { name: t.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`RadarLoader-${VERSION}.exe`);
    expect((await readFile(await download.path())).equals(LOADER)).toBe(true);

    // The card offers it too, with version and size.
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await page.goto(`${server.url}/dashboard`);
    const card = page.getByRole('article', { name: PRODUCT });
    await card.getByTestId('loader-meta').getByText(`Versão ${VERSION}`).waitFor();
    await card.getByText(t.guideTitle, { exact: true }).click();
    await card.getByText(t.guideSteps[2]).waitFor();
    await screenshot(page, 'loader-download-card-desktop-light');
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: t.download }).click(),
    ]);
    expect((await readFile(await again.path())).equals(LOADER)).toBe(true);

    // Both downloads were logged and the admin's product row counts them.
    const products = await apiCall<{ id: string; loader: { downloads: number } | null }[]>(
      server.url,
      'GET',
      '/products',
      { token: admin },
    );
    expect(products.data.find((p) => p.id === productId)?.loader?.downloads).toBe(2);
  });

  // After the first test: the loader is uploaded and the customer already holds the subscription.
  it('shows the modal and the card on a phone in the dark theme', async () => {
    const token = await apiLogin(server.url, CLIENT.username, CLIENT.password);
    const page = await pages.open(token, PHONE, 'dark');
    const dialog = await redeem(page, keys[1]!);
    await dialog.getByRole('button', { name: t.download }).waitFor();
    await screenshot(page, 'loader-download-redeem-modal-phone-dark');
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await page.goto(`${server.url}/dashboard`);
    const card = page.getByRole('article', { name: PRODUCT });
    await card.getByRole('button', { name: t.download }).waitFor();
    await card.getByText(t.releaseNotes, { exact: true }).click();
    await card.getByText(NOTES).waitFor();
    await screenshot(page, 'loader-download-card-phone-dark');
  });
});
