import { labels } from '@chaveiro/contract';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.js';

const t = labels.auth;

/** Logs the seeded admin in through /auth and waits for the admin dashboard. */
export async function logInAsAdminThroughUi(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/auth`);
  await page.getByLabel(t.identifier, { exact: true }).fill(server.admin.username);
  await page.getByLabel(t.password, { exact: true }).fill(server.admin.password);
  await page.getByRole('button', { name: t.login, exact: true }).click();
  await page.waitForURL(`${server.url}/admin/dashboard`);
}

/** An admin token straight from the API, for pages that only need to be looked at. */
export async function adminToken(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: server.admin.username, password: server.admin.password }),
  });
  if (!response.ok) throw new Error(`admin login failed: ${String(response.status)}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}
