import { messages } from '@chaveiro/contract';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, logInAsAdminThroughUi } from './support/admin-session.js';
import { seriousAxeViolations } from './support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const a = messages.admin;
const PRODUCT = 'Chaveiro Aim';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let tempDir: string;

beforeAll(async () => {
  [server, browser, tempDir] = await Promise.all([
    startServer(),
    launchBrowser(),
    mkdtemp(join(tmpdir(), 'chaveiro-dll-')),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(tempDir, { recursive: true, force: true });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openPage(
  viewport = DESKTOP,
  theme: 'light' | 'dark' = 'light',
  token?: string,
): Promise<Page> {
  context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addInitScript(
    ([storedTheme, storedToken]) => {
      localStorage.setItem('chaveiro-theme', storedTheme ?? 'light');
      if (storedToken) localStorage.setItem('authToken', storedToken);
    },
    [theme, token] as const,
  );
  return context.newPage();
}

async function rowMenu(page: Page, name: string, item: string) {
  const menuItem = page.getByRole('menuitem', { name: item });
  // A refetch right after the previous action may re-render the row under the click; open again.
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

async function generateKeys(page: Page, quantity: number) {
  await page.getByRole('button', { name: 'Gerar chaves' }).click();
  const form = page.getByRole('dialog', { name: 'Gerar chaves' });
  await form.getByRole('option', { name: PRODUCT }).waitFor({ state: 'attached' });
  await form.getByLabel('Produto').selectOption({ label: PRODUCT });
  await form.getByLabel('Validade').selectOption('weekly');
  await form.getByLabel('Quantidade').fill(String(quantity));
  await form.getByRole('button', { name: 'Gerar chaves' }).click();
  const result = page.getByRole('dialog', { name: 'Chaves geradas' });
  await result.waitFor();
  return result;
}

describe('admin catalogue', () => {
  it('creates a product, uploads its DLL, switches it off and on, then generates, inspects, deletes and exports keys', async () => {
    const page = await openPage();
    await logInAsAdminThroughUi(page, server);

    // Products: create with two plans.
    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.waitForURL(`${server.url}/admin/products`);
    await page.getByRole('button', { name: 'Create Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Product' });
    await dialog.getByLabel('Nome').fill(PRODUCT);
    await dialog.getByLabel('Descrição').fill('Assistência de mira com atualização semanal.');
    await dialog.getByLabel('Semanal', { exact: true }).fill('19.9');
    await dialog.getByLabel('Mensal', { exact: true }).fill('1234.56');
    await dialog.getByRole('button', { name: 'Criar produto' }).click();
    await page.getByText(a.productCreated).waitFor();
    const row = page.getByRole('row').filter({ hasText: PRODUCT });
    await row.getByText('Semanal · R$ 19,90').waitFor();
    await row.getByText('Mensal · R$ 1.234,56').waitFor();

    // Upload a DLL (a file starting with MZ) and see its name and size.
    const dllPath = join(tempDir, 'chaveiro-aim.dll');
    await writeFile(dllPath, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2046, 7)]));
    await rowMenu(page, `Ações do produto ${PRODUCT}`, 'Enviar DLL');
    const dll = page.getByRole('dialog', { name: `DLL de ${PRODUCT}` });
    await dll.getByText('Nenhuma DLL enviada ainda.').waitFor();
    await dll.getByLabel('Novo arquivo').setInputFiles(dllPath);
    await dll.getByRole('button', { name: 'Enviar DLL' }).click();
    await page.getByText(a.dllUploaded).waitFor();
    await dll.getByTestId('dll-name').getByText('chaveiro-aim.dll').waitFor();
    await dll.getByText(/2 KB · enviado em/).waitFor();
    await expect(dll.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dll.getByRole('button', { name: 'Baixar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('chaveiro-aim.dll');
    const downloaded = await readFile((await download.path()) ?? '');
    expect(downloaded.subarray(0, 2).toString()).toBe('MZ');
    expect(downloaded.length).toBe(2048);
    await dll.getByRole('button', { name: 'Fechar' }).last().click();

    // Switch off and on.
    await rowMenu(page, `Ações do produto ${PRODUCT}`, 'Desligar');
    await row.getByText('Desligado').waitFor();
    await rowMenu(page, `Ações do produto ${PRODUCT}`, 'Ativar');
    await row.getByText('Ativo', { exact: true }).waitFor();

    // Keys: generate 5 and copy them all.
    await page.getByRole('link', { name: 'Keys' }).first().click();
    await page.waitForURL(`${server.url}/admin/keys`);
    const result = await generateKeys(page, 5);
    const keys = (await result.getByRole('listitem').allTextContents()).map((key) => key.trim());
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(key).toMatch(/^[A-Z0-9]{18}$/);
    await result.getByRole('button', { name: 'Copiar todas' }).click();
    await page.getByText('5 chaves copiadas!').waitFor();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard.split('\n')).toEqual(keys);
    await result.getByRole('button', { name: 'Fechar' }).last().click();
    await page.getByText('5 chaves', { exact: true }).waitFor();

    // View Info and Delete Key on the newest key.
    const first = page
      .getByRole('row')
      .filter({ has: page.getByText(/^[A-Z0-9]{18}$/) })
      .first();
    const firstKey = (await first.getByText(/^[A-Z0-9]{18}$/).textContent())?.trim() ?? '';
    expect(firstKey).toMatch(/^[A-Z0-9]{18}$/);
    await rowMenu(page, `Ações da chave ${firstKey}`, 'View Info');
    const info = page.getByRole('dialog', { name: 'Informações da chave' });
    await info.getByText('7 dias').waitFor();
    await info.getByText(server.admin.username, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'hidden' });
    await rowMenu(page, `Ações da chave ${firstKey}`, 'Delete Key');
    await page.getByRole('button', { name: 'Excluir chave' }).click();
    await page.getByText(a.keyDeleted).waitFor();
    await page.getByText('4 chaves', { exact: true }).waitFor();
    await expect(page.getByText(firstKey).count()).resolves.toBe(0);

    // CSV export of the list.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('chaves.csv');
    const csvText = await readFile((await csv.path()) ?? '', 'utf8');
    for (const key of keys.filter((key) => key !== firstKey)) expect(csvText).toContain(key);
    expect(csvText).not.toContain(firstKey);

    // The activity log records it all.
    await page.getByRole('link', { name: 'Activity Logs' }).first().click();
    await page.waitForURL(`${server.url}/admin/activity`);
    await page.getByText(`Produto ${PRODUCT} criado`).waitFor();
    await page.getByText(`Chave ${firstKey} excluída`).waitFor();
  });

  it('looks right, with no serious accessibility violation, on desktop and phone, light and dark', async () => {
    const token = await adminToken(server);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const name = (screen: string) => `admin-${screen}-${size}-${theme}`;
        const page = await openPage(viewport, theme, token);

        await page.goto(`${server.url}/admin/products`);
        await page.getByRole('row').filter({ hasText: PRODUCT }).waitFor();
        await screenshot(page, name('products'));
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);

        await page.goto(`${server.url}/admin/keys`);
        await page.getByText(/^\d+ chaves$/).waitFor();
        // Checked before generating: the success toast is still sliding in when the dialog opens.
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);
        await generateKeys(page, 3);
        await page.waitForTimeout(400);
        await screenshot(page, name('keys'));

        await page.goto(`${server.url}/admin/activity`);
        await page.getByText(`Produto ${PRODUCT} criado`).waitFor();
        await screenshot(page, name('activity'));
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);

        await context?.close();
        context = undefined;
      }
    }
  });
});
