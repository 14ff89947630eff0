import { accountMessages, labels, messages } from '@chaveiro/contract';
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const t = labels.auth;
const WITH_2FA = { username: 'cofre_2fa', email: 'cofre@exemplo.test', password: 'senha-do-cofre' };
const TWO_DEVICES = {
  username: 'dois_aparelhos',
  email: 'aparelhos@exemplo.test',
  password: 'senha-dos-aparelhos',
};
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await apiLogin(server.url, server.admin.username, server.admin.password);
  const post = setupPoster(server.url, admin);
  await post('/users', WITH_2FA);
  await post('/users', TWO_DEVICES);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openPage(
  viewport = DESKTOP,
  theme: 'light' | 'dark' = 'light',
  userAgent?: string,
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    acceptDownloads: true,
    ...(userAgent ? { userAgent } : {}),
  });
  contexts.push(context);
  await context.addInitScript((stored) => localStorage.setItem('chaveiro-theme', stored), theme);
  return context.newPage();
}

async function logIn(page: Page, account: { username: string; password: string }) {
  await page.goto(`${server.url}/auth`);
  await page.getByLabel(t.identifier, { exact: true }).fill(account.username);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t.login, exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Menu da conta' }).click();
  await page.getByRole('menuitem', { name: labels.customerNav.logout }).click();
  await page.waitForURL(`${server.url}/auth`);
}

/** The codes shown when 2FA was enabled (first journey), for the phone look at the login step. */
let recoveryCodes: string[] = [];

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken') ?? '');

describe('account security', () => {
  it('enables 2FA, keeps the recovery codes, logs in with one, and refuses it a second time', async () => {
    const page = await openPage();
    await logIn(page, WITH_2FA);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/dashboard/profile`);

    // Enable: QR code secret → code from the app + the current password.
    await page.getByRole('button', { name: 'Ativar', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const secret = await dialog.getByTestId('two-factor-secret').innerText();
    const totp = new TOTP({ secret: Secret.fromBase32(secret.trim()) });
    await dialog.getByLabel('Código de 6 dígitos').fill(totp.generate());
    await dialog.getByLabel('Senha atual', { exact: true }).fill(WITH_2FA.password);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();

    const list = dialog.getByRole('list', { name: 'Códigos de recuperação' });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    recoveryCodes = codes;
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    await page.waitForTimeout(400);
    await screenshot(page, 'account-security-recovery-codes-desktop-light');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: accountMessages.recoveryCodesDownload }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(accountMessages.recoveryCodesFileName);
    const file = await readFile(await download.path(), 'utf8');
    expect(file).toContain(accountMessages.recoveryCodesFileHeader(WITH_2FA.username));
    expect(file).toContain(codes.join('\n'));

    await dialog.getByRole('button', { name: accountMessages.recoveryCodesSaved }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(accountMessages.recoveryCodesRemaining(10)).waitFor();
    await expect(
      page.getByRole('button', { name: 'Ativar', exact: true }).isDisabled(),
    ).resolves.toBe(true);

    // Logout ends the session on the server: the old token stops working at once.
    const firstToken = await storedToken(page);
    await logOut(page);
    await expect
      .poll(
        async () => (await apiCall(server.url, 'GET', '/profile', { token: firstToken })).status,
      )
      .toBe(401);

    // A recovery code in place of the app's code, typed in lower case.
    await logIn(page, WITH_2FA);
    const codeField = page.getByLabel(t.twoFactorCode, { exact: true });
    await codeField.waitFor();
    await page.getByText(accountMessages.loginRecoveryHint).waitFor();
    await codeField.fill(codes[0]!.toLowerCase());
    await page.getByRole('button', { name: t.verifyCode }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByText(accountMessages.recoveryCodesRemaining(9)).waitFor();

    // Spent: the same code no longer opens the account.
    await logOut(page);
    await logIn(page, WITH_2FA);
    await codeField.waitFor();
    await codeField.fill(codes[0]!);
    await page.getByRole('button', { name: t.verifyCode }).click();
    await page.getByRole('alert').getByText(messages.auth.twoFactorInvalid).waitFor();
    expect(page.url()).toBe(`${server.url}/auth`);
    await screenshot(page, 'account-security-recovery-code-spent-desktop-light');
  }, 120_000);

  it('fits a whole recovery code in the login step on a phone', async () => {
    const page = await openPage(PHONE, 'light');
    await logIn(page, WITH_2FA);
    const codeField = page.getByLabel(t.twoFactorCode, { exact: true });
    await codeField.fill(recoveryCodes[1]!);
    await expect(page.getByRole('button', { name: t.verifyCode }).isEnabled()).resolves.toBe(true);
    const fits = await codeField.evaluate((input) => input.scrollWidth <= input.clientWidth);
    expect(fits).toBe(true);
    await screenshot(page, 'account-security-recovery-code-phone-light');
  }, 60_000);

  it('ends another session from Sessões ativas, and that device is logged out', async () => {
    const desk = await openPage(DESKTOP, 'dark');
    const phone = await openPage(PHONE, 'dark', IPHONE_SAFARI);
    await logIn(desk, TWO_DEVICES);
    await desk.waitForURL(`${server.url}/dashboard`);
    await logIn(phone, TWO_DEVICES);
    await phone.waitForURL(`${server.url}/dashboard`);

    await phone.goto(`${server.url}/dashboard/profile`);
    const phoneList = phone.getByRole('list', { name: accountMessages.sessionsTitle });
    await phoneList.getByText('Safari no iPhone').waitFor();
    await phoneList.getByText(accountMessages.thisSession).waitFor();
    await phone.waitForLoadState('networkidle');
    await screenshot(phone, 'account-security-sessions-phone-dark');

    await desk.goto(`${server.url}/dashboard/profile`);
    const deskList = desk.getByRole('list', { name: accountMessages.sessionsTitle });
    await deskList.getByText('Safari no iPhone').waitFor();
    await expect(deskList.getByRole('listitem').count()).resolves.toBe(2);
    await desk.waitForLoadState('networkidle');
    await screenshot(desk, 'account-security-profile-desktop-dark');

    await deskList.getByRole('button', { name: 'Encerrar Safari no iPhone' }).click();
    const confirm = desk.getByRole('alertdialog');
    await confirm.getByText(accountMessages.endSessionConfirm, { exact: false }).waitFor();
    await desk.waitForTimeout(300);
    await screenshot(desk, 'account-security-end-session-desktop-dark');
    await confirm.getByRole('button', { name: accountMessages.endSession, exact: true }).click();
    await desk.getByText(accountMessages.sessionEnded).waitFor();
    await deskList.getByText('Safari no iPhone').waitFor({ state: 'detached' });
    await desk.getByText(accountMessages.noOtherSessions).waitFor();

    // The phone's next navigation: its token is refused and it lands on /auth.
    await phone.goto(`${server.url}/dashboard/redeem`);
    await phone.waitForURL(`${server.url}/auth`);
    expect(await storedToken(phone)).toBe('');

    // The desk's session is untouched.
    await desk.reload();
    await deskList.getByText(accountMessages.thisSession).waitFor();
  }, 120_000);
});
