import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
});

describe('web shell served by the real server', () => {
  it('renders the landing page at /', async () => {
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    // The landing is prerendered: its headline is in the HTML the server answers.
    await page.locator('h1').first().waitFor({ state: 'visible' });
    await expect(page.title()).resolves.toContain('Chaveiro');
    await screenshot(page, 'shell-landing');
  });

  it('shows the not-found page for an unknown path', async () => {
    await page.goto(`${server.url}/esta/rota/nao/existe`);
    await page.getByText('Oops! Page not found').waitFor();
    await expect(page.getByText('404').first().isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: /home|início/i }).click();
    await page.waitForURL(`${server.url}/`);
    await screenshot(page, 'shell-not-found');
  });

  it('sends a visitor without a token from /admin/dashboard to /auth', async () => {
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForURL(`${server.url}/auth`);
    // The guard replaces the history entry, so going back does not return to the admin area.
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('drops an expired token and sends the visitor to /auth', async () => {
    await page.goto(`${server.url}/`);
    const expired = fakeToken({ role: 'admin', username: 'admin', exp: 1 });
    await page.evaluate((token) => localStorage.setItem('authToken', token), expired);
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForURL(`${server.url}/auth`);
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeNull();
  });

  it('answers unknown API paths with JSON, not the web page', async () => {
    const response = await fetch(`${server.url}/api/nao-existe`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x', ver: 0, ...claims })}.c2ln`;
}
