import { labels, messages } from '@chaveiro/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { waitForMailLink } from './support/mail.js';
import { startServer, type RunningServer } from './support/server.js';

const t = labels.auth;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openPage(viewport = DESKTOP, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  context = await browser.newContext({ viewport });
  await context.addInitScript((stored) => {
    localStorage.setItem('chaveiro-theme', stored);
  }, theme);
  return context.newPage();
}

async function logIn(page: Page, identifier: string, password: string) {
  await page.getByLabel(t.identifier, { exact: true }).fill(identifier);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.login, exact: true }).click();
}

async function register(page: Page, username: string, email: string, password: string) {
  await page.getByRole('tab', { name: t.registerTab }).click();
  await page.getByLabel(t.username, { exact: true }).fill(username);
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.register, exact: true }).click();
}

describe('accounts', () => {
  it('signs up in the Cadastro tab, confirms the e-mailed link and logs in to /dashboard', async () => {
    const page = await openPage();
    const email = 'joana@exemplo.test';
    const password = 'senha-da-joana';
    await page.goto(`${server.url}/auth`);
    await register(page, 'joana_e2e', email, password);

    await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor();
    await expect(page.getByText(email, { exact: true }).isVisible()).resolves.toBe(true);

    // Before the link is opened the account cannot log in.
    await page.getByRole('button', { name: t.backToLogin }).click();
    await expect(page.getByLabel(t.identifier, { exact: true }).inputValue()).resolves.toBe(email);
    await page.getByLabel(t.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.login, exact: true }).click();
    await page.getByText(messages.auth.emailNotVerified).waitFor();
    await screenshot(page, 'accounts-email-not-verified');
    // The notice resends for the account just tried, without asking for its address.
    await page.getByRole('button', { name: t.resendVerification }).click();
    await page.getByText(messages.auth.verificationResent).waitFor();

    const link = await waitForMailLink(server.dataDir, email, '/verify-email');
    expect(link.startsWith(`${server.url}/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await page.getByText(messages.auth.emailVerified).waitFor();
    await screenshot(page, 'accounts-verify-email-success');
    // Opening the link a second time is no error.
    await page.goto(link);
    await page.getByRole('heading', { name: 'E-mail já confirmado' }).waitFor();
    await page.getByText(messages.auth.emailAlreadyVerified).waitFor();

    await page.getByRole('link', { name: t.goToLogin }).click();
    await page.waitForURL(`${server.url}/auth`);
    await logIn(page, 'joana_e2e', password);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText(messages.success.login).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeTruthy();

    // A signed-in visitor who opens /auth goes straight back to their area.
    await page.goto(`${server.url}/auth`);
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it('logs the seeded admin in to /admin/dashboard', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/auth`);
    await logIn(page, server.admin.username, server.admin.password);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByText(messages.success.login).waitFor();
  });

  it("shows the server's message for a wrong password and stays on /auth", async () => {
    const page = await openPage();
    await page.goto(`${server.url}/auth`);
    await logIn(page, server.admin.username, 'senha-errada');
    await page.getByText(messages.auth.invalidCredentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeNull();
  });

  it('resets a forgotten password from the e-mailed link and logs in with the new one', async () => {
    const email = 'rafa@exemplo.test';
    const response = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'rafa_e2e', email, password: 'senha-antiga' }),
    });
    expect(response.status).toBe(201);

    const page = await openPage();
    await page.goto(`${server.url}/auth`);
    await page.getByRole('link', { name: t.forgotPassword }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: t.sendResetLink }).click();
    await page.getByText(messages.auth.resetLinkSent).waitFor();

    const link = await waitForMailLink(server.dataDir, email, '/reset-password');
    await page.goto(link);
    await page.getByLabel(t.newPassword, { exact: true }).fill('senha-nova-123');
    await page.getByLabel(t.confirmPassword, { exact: true }).fill('senha-nova-123');
    await page.getByRole('button', { name: t.resetPassword }).click();
    await page.getByText(messages.auth.passwordReset).waitFor();
    await screenshot(page, 'accounts-reset-password-success');

    // The link also proves the address, so the account logs in without the sign-up link.
    await page.getByRole('link', { name: t.goToLogin }).click();
    await page.waitForURL(`${server.url}/auth`);
    await logIn(page, email, 'senha-nova-123');
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it('captures the account screens on desktop and phone, light and dark', async () => {
    let registrations = 0;
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const name = (screen: string) => `accounts-${screen}-${size}-${theme}`;
        const page = await openPage(viewport, theme);

        await page.goto(`${server.url}/auth`);
        await page.getByLabel(t.identifier, { exact: true }).waitFor();
        await screenshot(page, name('login'));

        // The 2FA step, with the login answer stubbed: turning 2FA on is the profile's job.
        await page.route('**/api/auth/login', (route) =>
          route.fulfill({
            status: 401,
            json: { message: messages.auth.twoFactorRequired, code: 'TWO_FACTOR_REQUIRED' },
          }),
        );
        await logIn(page, 'com_2fa', 'senha-qualquer');
        await page.getByLabel(t.twoFactorCode, { exact: true }).fill('123');
        await screenshot(page, name('two-factor'));
        await page.unroute('**/api/auth/login');

        await page.goto(`${server.url}/auth?tab=cadastro`);
        await page.getByLabel(t.username, { exact: true }).waitFor();
        await screenshot(page, name('register'));

        registrations += 1;
        await register(
          page,
          `tela_${String(registrations)}`,
          `tela${String(registrations)}@exemplo.test`,
          'senha-da-tela',
        );
        await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor();
        await page.getByText(messages.auth.registered).waitFor();
        // Let the toast finish sliding in.
        await page.waitForTimeout(500);
        await screenshot(page, name('register-confirmation'));

        await page.goto(`${server.url}/forgot-password`);
        await page.getByLabel(t.email, { exact: true }).waitFor();
        await screenshot(page, name('forgot-password'));

        await page.goto(`${server.url}/reset-password?token=exemplo`);
        await page.getByLabel(t.newPassword, { exact: true }).waitFor();
        await screenshot(page, name('reset-password'));

        await context?.close();
        context = undefined;
      }
    }
  });
});
