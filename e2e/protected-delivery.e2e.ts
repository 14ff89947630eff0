import {
  loaderFileMessages,
  protectionMessages as t,
  type DeliveriesPage,
  type ProductProtectionResponse,
} from '@chaveiro/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, setupPoster, setupUploader } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import {
  DESKTOP,
  expectToast,
  launchBrowser,
  screenshot,
  settled,
  signedInPages,
} from './support/browser.js';
import { tinyPe } from './support/files.js';
import { loaderClient } from './support/loader-client.js';
import { startServer, type RunningServer } from './support/server.js';

const PRODUCT = 'Mira Blindada';
const CLIENT = { username: 'vazou_copia', email: 'vazou@exemplo.test', password: 'senha-boa-123' };
const HWID = 'E2E-LEAK-HWID-0001';
/** The narrowest phone the console is looked at on. */
const NARROW = { width: 375, height: 812 };

const DLL = Buffer.concat([Buffer.from('MZ'), randomBytes(96 * 1024)]);
const OLD_LOADER = tinyPe();
const LOADER = tinyPe();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let server: RunningServer;
let browser: Browser;
let admin: string;
let productId: string;
let key: string;
const pages = signedInPages(() => browser);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  productId = (await post<{ product: { id: string } }>('/products', { name: PRODUCT })).product.id;
  [key] = (await post<{ keys: string[] }>('/keys', { productId, days: 30, quantity: 1 })).keys as [
    string,
  ];
  await post('/users', CLIENT);
  const upload = setupUploader(server.url, admin);
  await upload(`/products/${productId}/upload-dll`, {
    field: 'dllFile',
    bytes: DLL,
    name: 'mira.dll',
  });
  const loader = (bytes: Buffer) => ({ field: 'loaderFile', bytes, name: 'MiraLoader.exe' });
  await upload(`/products/${productId}/loader`, loader(OLD_LOADER), {
    version: '1.4.2',
    notes: '',
  });
  await upload(`/products/${productId}/loader`, loader(LOADER), { version: '1.5.0', notes: '' });
  // As a product made before protected delivery existed: the plain download.
  const off = await apiCall(server.url, 'PATCH', `/products/${productId}/protection`, {
    token: admin,
    body: { protectedDelivery: false },
  });
  if (off.status !== 200) throw new Error(`protection → ${String(off.status)}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await pages.closeAll();
});

/** Opens the product's row menu on /admin/products and picks `item`. */
async function productMenu(page: Page, item: string): Promise<Locator> {
  await page.goto(`${server.url}/admin/products`);
  await page.getByRole('button', { name: `Ações do produto ${PRODUCT}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

/**
 * What a loader does at start, through the SDK: auth with its session key and report, then the
 * sealed download, opened and checked against the signed auth answer.
 */
async function loaderRun() {
  const downloads: Response[] = [];
  const client = await loaderClient(server.url, productId, {
    loader: { sha256: sha256(LOADER), version: '1.5.0' },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.url.includes('/api/loader/download')) downloads.push(response);
      return response;
    },
  });
  const auth = await client.auth({
    hwid: HWID,
    key,
    identifier: CLIENT.username,
    password: CLIENT.password,
  });
  const { file } = auth;
  if (!file) throw new Error('the auth answer names no file');
  const download = await client.download();
  expect(downloads[0]?.headers.get('content-type')).toContain('application/vnd.chaveiro.sealed');
  return { client, file, copy: Buffer.from(download.bytes) };
}

describe('protected delivery in the console', () => {
  it('turns on protected delivery and offline grace from the product menu', async () => {
    const page = await pages.open(admin, DESKTOP, 'light');
    let dialog = await productMenu(page, t.menuItem);
    const protectedSwitch = dialog.getByRole('switch', { name: t.protectedDelivery });
    await expect(protectedSwitch.getAttribute('aria-checked')).resolves.toBe('false');
    await protectedSwitch.click();
    await dialog.getByLabel(t.offlineGraceHours, { exact: true }).fill('72');
    await dialog.getByLabel(t.loaderMinVersion, { exact: true }).fill('1.2.0');
    await dialog
      .getByLabel(t.unknownLoaderPolicy, { exact: true })
      .selectOption({ label: t.unknownLoaderPolicies.record });
    await dialog
      .getByLabel(t.signals.debugger, { exact: true })
      .selectOption({ label: t.ruleActions.end_session });
    await settled(dialog);
    await screenshot(page, 'protection-dialog-desktop-light');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await dialog.getByRole('button', { name: t.save }).click();
    await expectToast(page, t.saved);
    await dialog.waitFor({ state: 'detached' });

    const saved = await apiCall<ProductProtectionResponse>(
      server.url,
      'GET',
      `/products/${productId}/protection`,
      { token: admin },
    );
    expect(saved.data.protection).toEqual({
      protectedDelivery: true,
      offlineGraceHours: 72,
      loaderMinVersion: '1.2.0',
      unknownLoaderPolicy: 'record',
      securityRules: { debugger: 'end_session', hooked_api: 'record', self_check_failed: 'record' },
    });

    // Opened again, the dialog shows what was saved.
    dialog = await productMenu(page, t.menuItem);
    await expect(
      dialog.getByRole('switch', { name: t.protectedDelivery }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    await expect(
      dialog.getByLabel(t.offlineGraceHours, { exact: true }).inputValue(),
    ).resolves.toBe('72');

    const phone = await pages.open(admin, NARROW, 'dark');
    const narrow = await productMenu(phone, t.menuItem);
    await settled(narrow);
    await screenshot(phone, 'protection-dialog-375-dark');
  });

  it('lists the published loader versions, the current one marked', async () => {
    const page = await pages.open(admin, DESKTOP, 'light');
    const dialog = await productMenu(page, loaderFileMessages.menuItem);
    const releases = dialog.getByTestId('loader-release');
    await releases.first().waitFor();
    await expect(releases.count()).resolves.toBe(2);
    await expect(releases.first().textContent()).resolves.toContain(t.releaseCurrent);
    await expect(releases.first().textContent()).resolves.toContain('Versão 1.5.0');
    await expect(releases.first().textContent()).resolves.toContain(sha256(LOADER).slice(0, 12));
    await settled(dialog);
    await screenshot(page, 'loader-releases-desktop-light');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    const phone = await pages.open(admin, NARROW, 'dark');
    const narrow = await productMenu(phone, loaderFileMessages.menuItem);
    await narrow.getByTestId('loader-release').first().waitFor();
    await settled(narrow);
    await screenshot(phone, 'loader-releases-375-dark');
  });

  it('traces a leaked copy to the customer who received it, and an edited mark to nobody', async () => {
    const { file, copy } = await loaderRun();
    expect(file.protected).toBe(true);
    expect(sha256(copy)).toBe(file.sha256);
    expect(copy.equals(DLL)).toBe(false);

    const page = await pages.open(admin, DESKTOP, 'light');
    const dialog = await productMenu(page, t.leakMenuItem);
    await dialog.getByLabel(t.leakFileLabel, { exact: true }).setInputFiles({
      name: 'mira-crackeada.dll',
      mimeType: 'application/octet-stream',
      buffer: copy,
    });
    await dialog.getByRole('button', { name: t.leakSubmit }).click();
    const result = dialog.getByTestId('leak-trace-result');
    await result.waitFor();
    await expect(result.getAttribute('data-verdict')).resolves.toBe('identical');
    await expect(
      result.getByRole('link', { name: CLIENT.username, exact: true }).getAttribute('href'),
    ).resolves.toMatch(/^\/admin\/users\//);
    await result.getByText(HWID).waitFor();
    // The product's deliveries list it too.
    await dialog.getByRole('region', { name: t.deliveriesTitle }).getByText(HWID).first().waitFor();
    await settled(dialog);
    await screenshot(page, 'leak-trace-identical-desktop-light');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    // The same copy with one byte of the mark's MAC changed: it names nobody.
    const altered = Buffer.from(copy);
    const mark = altered.indexOf('CHVMARK1', 0, 'latin1');
    expect(mark).toBeGreaterThanOrEqual(0);
    altered[mark + 40] = (altered[mark + 40] ?? 0) ^ 0xff;
    await dialog.getByLabel(t.leakFileLabel, { exact: true }).setInputFiles({
      name: 'mira-editada.dll',
      mimeType: 'application/octet-stream',
      buffer: altered,
    });
    await dialog.getByRole('button', { name: t.leakSubmit }).click();
    await dialog.locator('[data-testid=leak-trace-result][data-verdict=altered]').waitFor();
    await dialog.getByText(t.leakVerdictHints.altered).waitFor();
    await expect(result.getByRole('link').count()).resolves.toBe(0);
    await screenshot(page, 'leak-trace-altered-desktop-light');

    // The customer's page, from the traced copy's link.
    await dialog.getByLabel(t.leakFileLabel, { exact: true }).setInputFiles({
      name: 'mira-crackeada.dll',
      mimeType: 'application/octet-stream',
      buffer: copy,
    });
    await dialog.getByRole('button', { name: t.leakSubmit }).click();
    await dialog.locator('[data-testid=leak-trace-result][data-verdict=identical]').waitFor();
    await dialog.getByRole('link', { name: t.leakOpenCustomer }).click();
    await page.getByRole('heading', { level: 1, name: CLIENT.username }).waitFor();

    const phone = await pages.open(admin, NARROW, 'dark');
    const narrow = await productMenu(phone, t.leakMenuItem);
    await narrow.getByLabel(t.leakFileLabel, { exact: true }).setInputFiles({
      name: 'mira-crackeada.dll',
      mimeType: 'application/octet-stream',
      buffer: copy,
    });
    await narrow.getByRole('button', { name: t.leakSubmit }).click();
    await narrow.getByTestId('leak-trace-result').getByText(HWID).waitFor();
    await settled(narrow);
    await screenshot(phone, 'leak-trace-375-dark');

    const deliveries = await apiCall<DeliveriesPage>(
      server.url,
      'GET',
      `/deliveries?productId=${productId}`,
      { token: admin },
    );
    expect(deliveries.data.items.map((row) => row.id)).toContain(file.delivery);
  });

  it('shows a reported debugger in Segurança and on the customer page, and resolves it', async () => {
    const { client } = await loaderRun();
    const reported = await client.reportSecurityEvent('debugger', 'x64dbg anexado ao processo');
    expect(reported.action).toBe('end_session');

    const page = await pages.open(admin, DESKTOP, 'light');
    await page.goto(`${server.url}/admin/security`);
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: /^Segurança.*1 evento de segurança em aberto$/ }).waitFor();
    const row = page.getByRole('row').filter({ hasText: t.signals.debugger });
    await row.getByText('x64dbg anexado ao processo').filter({ visible: true }).waitFor();
    await row.getByText(t.eventActions.end_session).waitFor();
    await screenshot(page, 'security-queue-desktop-light');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    const phone = await pages.open(admin, NARROW, 'dark');
    await phone.goto(`${server.url}/admin/security`);
    await phone.getByText('x64dbg anexado ao processo').filter({ visible: true }).waitFor();
    await screenshot(phone, 'security-queue-375-dark');

    await row
      .getByRole('button', { name: t.securityResolveOf(t.signals.debugger, CLIENT.username) })
      .click();
    await expectToast(page, t.securityResolvedToast);
    await page.getByText(t.securityEmpty).waitFor();
    await page.getByRole('button', { name: t.securityResolved, exact: true }).click();
    await page
      .getByText(/Resolvido por admin em/)
      .first()
      .waitFor();
    await screenshot(page, 'security-queue-resolved-desktop-light');

    // The customer page holds the event and the deliveries.
    await page.getByRole('link', { name: CLIENT.username }).first().click();
    const events = page
      .locator('[data-slot=card]')
      .filter({ has: page.getByRole('heading', { name: t.customerSecurityTitle }) });
    await events.getByText(t.signals.debugger).first().waitFor();
    await events
      .getByText(/Resolvido por admin em/)
      .first()
      .waitFor();
    const deliveries = page
      .locator('[data-slot=card]')
      .filter({ has: page.getByRole('heading', { name: t.customerDeliveriesTitle }) });
    await deliveries.getByText(t.deliveryProtected).first().waitFor();
    await screenshot(page, 'customer-protection-desktop-light');

    await phone.goto(page.url());
    await phone.getByRole('heading', { name: t.customerDeliveriesTitle }).waitFor();
    await phone.getByText(t.deliveryProtected).first().waitFor();
    await screenshot(phone, 'customer-protection-375-dark');
  });
});
