import { messages } from '@chaveiro/contract';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, apiLogin } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { expectToast, launchBrowser, PHONE, screenshot, signedInPages } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const CLIENT = {
  username: 'futuro_revendedor',
  email: 'revenda@exemplo.test',
  password: 'senha-revenda',
};
const SHOPPER = {
  username: 'cliente_manutencao',
  email: 'manut@exemplo.test',
  password: 'senha-manut',
};

let server: RunningServer;
let browser: Browser;
let admin: string;
const pages = signedInPages(() => browser);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  for (const user of [CLIENT, SHOPPER]) {
    const { status, data } = await apiCall(server.url, 'POST', '/users', {
      token: admin,
      body: user,
    });
    if (status !== 201 && status !== 200)
      throw new Error(`create ${user.username}: ${JSON.stringify(data)}`);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await pages.closeAll();
});

const openPage = pages.open;

describe('admin resellers', () => {
  it('promotes an existing client to reseller and adds R$ 50,00 to the balance', async () => {
    const page = await openPage(admin);
    await page.goto(`${server.url}/admin/resellers`);
    await page.getByRole('radio', { name: 'Usar cliente existente' }).click();
    await page.getByRole('combobox').fill('futuro');
    await page.getByRole('option', { name: new RegExp(CLIENT.username) }).click();
    await page.getByRole('button', { name: 'Promover a revendedor' }).click();
    await expectToast(page, messages.resellers.promoted);

    const row = page.getByRole('row', { name: new RegExp(CLIENT.username) });
    await row.getByText('R$ 0,00').filter({ visible: true }).waitFor();
    await row.getByRole('button', { name: `Ações do revendedor ${CLIENT.username}` }).click();
    await page.getByRole('menuitem', { name: 'Adicionar/remover saldo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar ou remover saldo' });
    const save = dialog.getByRole('button', { name: 'Salvar' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Valor (R$)').fill('50');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, messages.resellers.balanceUpdated);
    await row.getByText('R$ 50,00').filter({ visible: true }).waitFor();

    // The server agrees: the client is now a reseller holding exactly R$ 50,00.
    const { data } = await apiCall<{ items: { username: string; balance: number }[] }>(
      server.url,
      'GET',
      `/resellers?q=${CLIENT.username}`,
      { token: admin },
    );
    expect(data.items).toEqual([
      expect.objectContaining({ username: CLIENT.username, balance: 50 }),
    ]);
    // Checked on a fresh load: a toast fading in is not what a user reads.
    await page.reload();
    await page.getByText(CLIENT.email).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-resellers-desktop-light');
  });

  it('is usable on a phone in dark mode', async () => {
    const page = await openPage(admin, PHONE, 'dark');
    await page.goto(`${server.url}/admin/resellers`);
    await page.getByText(CLIENT.email).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'admin-resellers-phone-dark');
  });
});

describe('admin bypass', () => {
  it('creates, pauses and deletes a whitelisted UID', async () => {
    const page = await openPage(admin);
    await page.goto(`${server.url}/admin/bypass`);
    await page.getByLabel('UID', { exact: true }).fill('PLAYER-12345');
    await page.getByLabel('Duração').selectOption({ label: '7 dias' });
    await page.getByLabel('Apelido (opcional)').fill('Ana');
    await page.getByRole('button', { name: 'Adicionar UID' }).click();
    await expectToast(page, 'UID criado com sucesso!');
    const row = page.getByRole('row', { name: /PLAYER-12345/ });
    await row.getByText(/^16[78],\d\d$/).waitFor();

    await row.getByRole('button', { name: 'Pausar UID PLAYER-12345' }).click();
    await expectToast(page, 'Alteração de pausa executada!');
    await row.getByText('Pausado').waitFor();
    const check = await apiCall<{ items: { uid: string; paused: boolean }[] }>(
      server.url,
      'GET',
      '/bypass/uids?q=PLAYER',
      { token: admin },
    );
    expect(check.data.items).toEqual([
      expect.objectContaining({ uid: 'PLAYER-12345', paused: true }),
    ]);
    await page.reload();
    await row.getByText('Pausado').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-bypass-desktop-light');

    await row.getByRole('button', { name: 'Excluir UID PLAYER-12345' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir UID' }).click();
    await expectToast(page, 'UID deletado!');
    await page.getByText('Nenhum UID cadastrado.').waitFor();
  });
});

describe('admin settings and the maintenance page', () => {
  it("turns maintenance on and a client's dashboard shows the maintenance page, then comes back", async () => {
    const clientToken = await apiLogin(server.url, SHOPPER.username, SHOPPER.password);
    const page = await openPage(admin);
    await page.goto(`${server.url}/admin/settings`);
    const toggle = page.getByRole('switch', { name: 'Ativar modo de manutenção' });
    await toggle.click();
    // A switch that reaches every customer asks first and says what will happen.
    const confirmOn = page.getByRole('alertdialog', { name: 'Ativar o modo de manutenção?' });
    await confirmOn.getByText(/página de manutenção/).waitFor();
    await confirmOn.getByRole('button', { name: 'Ativar manutenção' }).click();
    await expectToast(page, messages.settings.updated);
    await page.reload();
    await page.getByText('Modo de manutenção ativo').waitFor();
    await page.getByRole('radio', { name: /Online/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-settings-maintenance-on');

    const client = await openPage(clientToken, PHONE, 'dark');
    await client.goto(`${server.url}/dashboard`);
    await client.getByRole('heading', { name: 'Estamos em manutenção' }).waitFor();
    await client.getByText(messages.settings.maintenance).waitFor();
    await screenshot(client, 'customer-maintenance-phone-dark');

    await toggle.click();
    await page
      .getByRole('alertdialog', { name: 'Desativar o modo de manutenção?' })
      .getByRole('button', { name: 'Desativar manutenção' })
      .click();
    await expectToast(page, messages.settings.updated);
    await client.getByRole('button', { name: 'Verificar agora' }).click();
    await client
      .getByRole('heading', { name: 'Estamos em manutenção' })
      .waitFor({ state: 'detached' });
  });
});
