import { DELIVERY_MARK } from '@chaveiro/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-session.js';
import { apiCall, setupPoster, setupUploader } from './support/api.js';
import { DESKTOP, launchBrowser, PHONE, screenshot, signedInPages } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const CLI = resolve(import.meta.dirname, '..', 'packages', 'loader-sdk', 'dist', 'cli.js');
const CLIENT = {
  username: 'jogador_loader',
  email: 'loader@exemplo.test',
  password: 'senha-loader',
};
const PRODUCT = 'Loader Pro';
const HWID = 'E2E-HWID-0001';
// A PE file as the upload checks it: the `MZ` header, then anything.
const DLL = Buffer.concat([Buffer.from('MZ'), randomBytes(48 * 1024)]);

let server: RunningServer;
let browser: Browser;
let admin: string;
let productId: string;
let key: string;
let downloads: string;
const pages = signedInPages(() => browser);
const clis: ChildProcess[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await adminToken(server);
  const post = setupPoster(server.url, admin);
  productId = (await post<{ product: { id: string } }>('/products', { name: PRODUCT })).product.id;
  [key] = (await post<{ keys: string[] }>('/keys', { productId, days: 30, quantity: 1 })).keys as [
    string,
  ];
  await post('/users', CLIENT);

  await setupUploader(server.url, admin)(`/products/${productId}/upload-dll`, {
    field: 'dllFile',
    bytes: DLL,
    name: 'loader-pro.dll',
  });
  downloads = await mkdtemp(join(tmpdir(), 'chaveiro-loader-e2e-'));
});

afterAll(async () => {
  for (const cli of clis) cli.kill('SIGKILL');
  await browser?.close();
  await server?.stop();
  if (downloads) await rm(downloads, { recursive: true, force: true });
});

afterEach(async () => {
  await pages.closeAll();
});

/** The reference client as a user runs it; resolves with its output once `until` is printed. */
function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  clis.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    child,
    exited,
    output: () => out,
    async waitFor(text: string, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (child.exitCode !== null) throw new Error(`CLI exited ${child.exitCode}: ${out}`);
        if (Date.now() > deadline) throw new Error(`no "${text}" in CLI output: ${out}`);
        await new Promise((wait) => setTimeout(wait, 100));
      }
    },
  };
}

const openPage = pages.open;

async function clientToken(): Promise<string> {
  const { data } = await apiCall<{ token: string }>(server.url, 'POST', '/auth/login', {
    body: { identifier: CLIENT.username, password: CLIENT.password },
  });
  return data.token;
}

function onlineUsers(page: Page) {
  return page.getByRole('group', { name: 'Usuários Online' }).getByTestId('metric-onlineUsers');
}

describe('chaveiro-loader against the real server', () => {
  it('redeems a fresh key, downloads the verified DLL and heartbeats until stopped', async () => {
    const dashboard = await openPage(admin);
    await dashboard.goto(`${server.url}/admin/dashboard`);
    await expect.poll(() => onlineUsers(dashboard).textContent()).toBe('0');

    const cli = runCli(
      [
        '--server',
        server.url,
        '--product',
        productId,
        '--key',
        key,
        '--identifier',
        CLIENT.username,
        '--hwid',
        HWID,
        '--download',
        downloads,
      ],
      { CHAVEIRO_PASSWORD: CLIENT.password },
    );
    await cli.waitFor(`Autenticado como ${CLIENT.username}.`);
    await cli.waitFor('SHA-256:');
    // The first heartbeat goes out right after authentication.
    await cli.waitFor('Sessão renovada');

    // The saved file is this delivery's copy: the uploaded DLL with its mark after it (no slot
    // declared), and the CLI printed the digest the signed auth answer named.
    const [saved] = await readdir(downloads);
    expect(saved).toBe('loader-pro.dll');
    const bytes = await readFile(join(downloads, saved as string));
    expect(bytes.length).toBe(DLL.length + DELIVERY_MARK.bytes);
    expect(bytes.subarray(0, DLL.length).equals(DLL)).toBe(true);
    const magic = bytes.subarray(DLL.length, DLL.length + DELIVERY_MARK.markMagic.length);
    expect(magic.toString('ascii')).toBe(DELIVERY_MARK.markMagic);
    expect(cli.output()).toContain(`SHA-256: ${createHash('sha256').update(bytes).digest('hex')}`);

    // The key is now the client's, used, and bound to this machine.
    const { data: keys } = await apiCall<{
      items: { key: string; status: string; client: string }[];
    }>(server.url, 'GET', `/keys?q=${key}`, { token: admin });
    expect(keys.items[0]).toMatchObject({ key, status: 'used', client: CLIENT.username });

    // Presence is flushed every few seconds; the dashboard polls every second.
    await expect.poll(() => onlineUsers(dashboard).textContent(), { timeout: 15_000 }).toBe('1');
    // The open dashboard's tables refresh every 10 s: the key turns used and names its client,
    // and the client's row lists the product, with no reload.
    const keyRow = dashboard.getByRole('row').filter({ hasText: key });
    await expect.poll(() => keyRow.textContent(), { timeout: 15_000 }).toContain('Usada');
    expect(await keyRow.textContent()).toContain(CLIENT.username);
    const clientRow = dashboard.getByRole('row').filter({ hasText: CLIENT.email });
    await expect.poll(() => clientRow.textContent(), { timeout: 15_000 }).toContain(PRODUCT);
    await screenshot(dashboard, 'loader-admin-dashboard-online');

    const token = await clientToken();
    for (const [name, viewport, theme] of [
      ['desktop', DESKTOP, 'light'],
      ['phone-dark', PHONE, 'dark'],
    ] as const) {
      const page = await openPage(token, viewport, theme);
      await page.goto(`${server.url}/dashboard`);
      const card = page.getByRole('article', { name: PRODUCT });
      await card.getByText('Online', { exact: true }).waitFor();
      // Bound: in the HWID field and in the machines list with its 'Liberar'.
      await card
        .getByRole('region', { name: 'Computadores vinculados' })
        .getByText(HWID, { exact: true })
        .waitFor();
      await expect(card.getByText('Nunca', { exact: true }).count()).resolves.toBe(0);
      await screenshot(page, `loader-client-card-${name}`);
    }

    // Ctrl-C ends the session cleanly.
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('Encerrado.');
  });

  it('refuses a second machine once the subscription has no free slot', async () => {
    const cli = runCli(
      [
        '--server',
        server.url,
        '--product',
        productId,
        '--identifier',
        CLIENT.username,
        '--hwid',
        'E2E-HWID-0002',
        '--once',
      ],
      { CHAVEIRO_PASSWORD: CLIENT.password },
    );
    const code = await cli.exited;
    expect(code).not.toBe(0);
    expect(cli.output()).toContain('HWID diferente');
  });
});
