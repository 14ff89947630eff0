import {
  keyAuthAppMessages,
  loaderIntegrationMessages,
  type KeyAuthSettings,
  type LoaderPublicKey,
} from '@chaveiro/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { DESKTOP, expectToast, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PRODUCT = 'Aimbot Pro';
const HWID = 'S-1-5-21-3623811015-3361044348-30300820-1013';

let server: RunningServer;
let browser: Browser;
let admin: string;
let productId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, server.admin.username, server.admin.password);
  const post = setupPoster(server.url, admin);
  const { product } = await post<{ product: { id: string } }>('/products', {
    name: PRODUCT,
    description: 'Aimbot Pro (teste)',
  });
  productId = product.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openPage(viewport = DESKTOP, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addInitScript(
    ([storedTheme, storedToken]) => {
      localStorage.setItem('chaveiro-theme', storedTheme);
      localStorage.setItem('authToken', storedToken);
    },
    [theme, admin] as const,
  );
  return context.newPage();
}

async function savedSettings(): Promise<KeyAuthSettings> {
  const { status, data } = await apiCall<KeyAuthSettings>(
    server.url,
    'GET',
    `/products/${productId}/keyauth`,
    { token: admin },
  );
  expect(status).toBe(200);
  return data;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('KeyAuth compatibility console', () => {
  it('switches a product on from its menu and hands over the values its KeyAuth loader needs', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/admin/products`);
    await page.getByRole('button', { name: `Ações do produto ${PRODUCT}` }).click();
    await page.getByRole('menuitem', { name: 'Compatibilidade KeyAuth' }).click();
    await page.waitForURL(`${server.url}/admin/products/${productId}/keyauth`);
    await page.getByRole('heading', { name: `Compatibilidade KeyAuth: ${PRODUCT}` }).waitFor();
    await page.getByText(/Ainda não configurado/).waitFor();

    await page.getByLabel('Nome do app').fill('AimbotLoader');
    await page.getByLabel('Link de download (opcional)').fill('https://loja.exemplo.com/a.exe');
    await page.getByRole('button', { name: 'Salvar e gerar credenciais' }).click();
    await expectToast(page, keyAuthAppMessages.saved);

    const saved = await savedSettings();
    expect(saved).toMatchObject({
      enabled: true,
      name: 'AimbotLoader',
      version: '1.0',
      apiUrl: `${server.url}/api/1.3/`,
      apiUrlLegacy: `${server.url}/api/1.2/`,
    });
    // The key the seller pins is the one every loader answer is signed with.
    const published = await apiCall<LoaderPublicKey>(server.url, 'GET', '/loader/public-key');
    expect(saved.publicKey).toBe(Buffer.from(published.data.publicKey, 'base64').toString('hex'));
    for (const [label, value] of [
      ['URL da API (1.3)', saved.apiUrl],
      ['Owner ID', saved.ownerId],
      ['Secret', saved.secret],
      ['Chave pública (hex)', saved.publicKey],
    ] as const) {
      await page.getByRole('button', { name: `Copiar ${label}` }).click();
      expect(await clipboard(page)).toBe(value);
    }
    // Checked on a fresh load: a toast fading in or out is not what a user reads.
    await page.reload();
    await page.getByRole('tab', { name: 'C++' }).click();
    await page.getByText(`std::string API_PUBLIC_KEY = "${saved.publicKey}";`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'keyauth-console-desktop-light');

    await page.getByRole('button', { name: 'Gerar novo secret' }).click();
    await page
      .getByRole('alertdialog', { name: 'Gerar novo secret?' })
      .getByRole('button', { name: 'Gerar novo secret' })
      .click();
    await expectToast(page, keyAuthAppMessages.secretRotated);
    const rotated = await savedSettings();
    expect(rotated.secret).not.toBe(saved.secret);
    expect(rotated.ownerId).toBe(saved.ownerId);
    await page.getByText(rotated.secret, { exact: true }).waitFor();
  });

  it('hands a native loader its server, product and pinned key from "Integrar loader", beside the KeyAuth snippets', async () => {
    const t = loaderIntegrationMessages;
    const { data: keys } = await apiCall<LoaderPublicKey>(server.url, 'GET', '/loader/public-key');
    for (const [viewport, theme] of [
      [DESKTOP, 'light'],
      [DESKTOP, 'dark'],
      [PHONE, 'light'],
    ] as const) {
      const page = await openPage(viewport, theme);
      await page.goto(`${server.url}/admin/products`);
      await page.getByRole('button', { name: `Ações do produto ${PRODUCT}` }).click();
      await page.getByRole('menuitem', { name: t.menuItem }).click();
      const dialog = page.getByRole('dialog', { name: t.title(PRODUCT) });
      await dialog.getByText(keys.publicKey, { exact: true }).waitFor();
      await dialog
        .getByText(`chaveiro::client client("${server.url}", "${productId}", {`)
        .waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
      expect(overflow).toBe(false);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const name = `loader-integration-${viewport === PHONE ? 'phone' : 'desktop'}-${theme}`;
      await screenshot(page, name);
      await dialog.getByRole('link', { name: new RegExp(`^${t.docs}`) }).scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-end`);
      if (viewport !== DESKTOP || theme !== 'light') continue;

      for (const [label, value] of [
        [t.serverUrl, server.url],
        [t.productId, productId],
        [t.currentKey(keys.keyId), keys.publicKey],
      ] as const) {
        await dialog.getByRole('button', { name: `Copiar ${label}` }).click();
        expect(await clipboard(page)).toBe(value);
      }
      await dialog.getByRole('tab', { name: 'C#' }).click();
      await dialog.getByText(`new ChaveiroClient("${server.url}", "${productId}", new[]`).waitFor();
      await dialog.getByRole('tab', { name: 'TypeScript' }).click();
      await dialog
        .getByText(`{ keyId: '${keys.keyId}', publicKey: '${keys.publicKey}' }`, { exact: false })
        .waitFor();
      await dialog.getByRole('button', { name: t.copySnippet }).click();
      expect(await clipboard(page)).toContain(`serverUrl: '${server.url}',`);

      // The reference the dialog links is served with the web, readable in the browser.
      const docs = dialog.getByRole('link', { name: new RegExp(`^${t.docs}`) });
      const [tab] = await Promise.all([page.context().waitForEvent('page'), docs.click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toBe(`${server.url}/docs/sdk.md`);
      expect(await tab.locator('body').innerText()).toContain(
        'Native loader SDK: C, C++ and C# reference',
      );
      expect(await tab.locator('body').innerText()).toContain('Sessão válida até');
    }
  });

  it('manages variables and blocked HWIDs on a phone in dark mode', async () => {
    const page = await openPage(PHONE, 'dark');
    await page.goto(`${server.url}/admin/products/${productId}/keyauth`);
    await page.getByRole('heading', { name: 'Variáveis' }).waitFor();

    await page.getByRole('button', { name: 'Adicionar variável' }).click();
    const form = page.getByRole('dialog', { name: 'Adicionar variável' });
    await form.getByLabel('Nome').fill('motd');
    await form.getByLabel('Valor').fill('Bem-vindo ao Aimbot!');
    await form.getByRole('button', { name: 'Adicionar variável' }).click();
    await expectToast(page, keyAuthAppMessages.variableCreated);
    await page.getByText('Bem-vindo ao Aimbot!').waitFor();

    await page.getByRole('button', { name: 'Bloquear HWID' }).click();
    const block = page.getByRole('dialog', { name: 'Bloquear HWID' });
    await block.getByLabel('HWID').fill(HWID);
    await block.getByLabel('Motivo (opcional)').fill('Chargeback');
    await block.getByRole('button', { name: 'Bloquear HWID' }).click();
    await expectToast(page, keyAuthAppMessages.hwidBlocked);
    await page.getByText(HWID).waitFor();

    await page.reload();
    await page.getByText(HWID).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    expect(overflow).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'keyauth-console-phone-dark');

    await page.getByRole('button', { name: `Desbloquear ${HWID}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Desbloquear HWID?' })
      .getByRole('button', { name: 'Desbloquear' })
      .click();
    await expectToast(page, keyAuthAppMessages.hwidUnblocked);
    await page.getByText('Nenhum HWID bloqueado.').waitFor();
    const list = await apiCall<{ total: number }>(
      server.url,
      'GET',
      `/products/${productId}/hwid-blacklist`,
      { token: admin },
    );
    expect(list.data.total).toBe(0);
  });
});
