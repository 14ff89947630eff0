import { createPublicKey, verify } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyAuthSettings } from '@chaveiro/contract';
import bcrypt from 'bcryptjs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, setupPoster } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { launchBrowser, PHONE, screenshot, signedInPages } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// A seller's move from KeyAuth, end to end: the admin imports the seller panel's exports on
// "Importar do KeyAuth", then the customer's unchanged KeyAuth loader (a 1.3 call, as the SDKs
// send it) logs in with the old password on the old machine, and the site asks them for an
// e-mail, which KeyAuth never had.

const PRODUCT = 'Wallhack Pro';
const PASSWORD = 'senha-do-keyauth';
const HWID = 'S-1-5-21-3623811015-3361044348-30300820-1013';
const UNUSED_KEY = 'KA7XQ2-M9PL4T-ZR83WD-QWERTY-ASDFGH-ZXCVBN';

let server: RunningServer;
let browser: Browser;
let admin: string;
let keyauth: KeyAuthSettings;
let files: { users: string; licenses: string };
let exportDir: string | undefined;
const pages = signedInPages(() => browser);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, server.admin.username, server.admin.password);
  const post = setupPoster(server.url, admin);
  const { product } = await post<{ product: { id: string } }>('/products', {
    name: PRODUCT,
    description: 'Importado do KeyAuth',
  });
  const saved = await fetch(`${server.url}/api/products/${product.id}/keyauth`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: true, name: 'WallhackLoader', version: '3.2' }),
  });
  expect(saved.status).toBe(200);
  keyauth = (await saved.json()) as KeyAuthSettings;
  files = await exportFiles();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (exportDir) await rm(exportDir, { recursive: true, force: true });
});

afterEach(() => pages.closeAll());

/** The two JSON files KeyAuth's seller panel exports, as it writes them (PHP's $2y$ bcrypt). */
async function exportFiles(): Promise<{ users: string; licenses: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'chaveiro-keyauth-export-'));
  exportDir = dir;
  const now = Math.floor(Date.now() / 1000);
  const hash = bcrypt.hashSync(PASSWORD, 6).replace(/^\$2[ab]\$/, '$2y$');
  const users = {
    success: true,
    message: 'Successfully Retrieved Users',
    users: [
      {
        username: 'cliente_antigo',
        email: null,
        password: hash,
        hwid: HWID,
        createdate: String(now - 200 * 86_400),
        lastlogin: String(now - 86_400),
        banned: null,
        ip: '189.40.12.7',
        subscriptions: [
          {
            subscription: 'default',
            key: 'OLDKEY-111111-222222',
            expiry: String(now + 20 * 86_400),
          },
        ],
      },
    ],
  };
  const licenses = [
    {
      key: 'OLDKEY-111111-222222',
      expires: String(30 * 86_400),
      status: 'Used',
      level: '1',
      usedby: 'cliente_antigo',
      usedon: String(now - 10 * 86_400),
      gendate: String(now - 11 * 86_400),
      banned: null,
    },
    {
      key: UNUSED_KEY,
      expires: String(7 * 86_400),
      status: 'Not Used',
      level: '1',
      usedby: null,
      usedon: null,
      gendate: String(now - 86_400),
      banned: null,
    },
  ];
  const paths = { users: join(dir, 'users.json'), licenses: join(dir, 'licenses.json') };
  await writeFile(paths.users, JSON.stringify(users, null, 2));
  await writeFile(paths.licenses, JSON.stringify(licenses, null, 2));
  return paths;
}

/** A KeyAuth 1.3 call as the SDKs send it, its Ed25519 signature checked with the pinned key. */
async function keyauthCall(fields: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/api/1.3/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: keyauth.name, ownerid: keyauth.ownerId, ...fields }),
  });
  const body = await response.text();
  const timestamp = response.headers.get('x-signature-timestamp') ?? '';
  const signature = Buffer.from(response.headers.get('x-signature-ed25519') ?? '', 'hex');
  const publicKey = createPublicKey({
    key: Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(keyauth.publicKey, 'hex'),
    ]),
    format: 'der',
    type: 'spki',
  });
  expect(verify(null, Buffer.from(timestamp + body), publicKey, signature)).toBe(true);
  return JSON.parse(body) as Record<string, unknown>;
}

describe('moving a seller from KeyAuth', () => {
  it('imports the exports on the admin screen; the old loader and password keep working', async () => {
    const page = await pages.open(admin);
    await page.goto(`${server.url}/admin/keyauth-import`);
    await page.getByRole('heading', { name: 'Importar do KeyAuth' }).waitFor();
    await page.getByLabel('Produto').selectOption({ label: PRODUCT });
    await page.getByLabel('Usuários (JSON)').setInputFiles(files.users);
    await page.getByLabel('Licenças (JSON)').setInputFiles(files.licenses);
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByText('Resultado da importação').waitFor();
    await page.getByText('1 assinatura criada').waitFor();
    await page.getByText('1 HWID vinculado').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'keyauth-import-desktop-light');

    // The same files again: nothing new (the summary counts them as already there).
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByText('0 assinaturas criadas').waitFor();

    // The customer's loader, unchanged but for the URL and the pinned key.
    const init = await keyauthCall({ type: 'init', ver: '3.2', hash: 'x' });
    expect(init).toMatchObject({ success: true, message: 'Initialized', code: 68 });
    const login = await keyauthCall({
      type: 'login',
      username: 'cliente_antigo',
      pass: PASSWORD,
      hwid: HWID,
      sessionid: String(init.sessionid),
    });
    expect(login).toMatchObject({
      success: true,
      code: 68,
      ownerid: keyauth.ownerId,
      info: { username: 'cliente_antigo', hwid: HWID, subscriptions: [{ subscription: PRODUCT }] },
    });
    // An unused KeyAuth key, as its buyer types it into the loader, opens its own account.
    const second = await keyauthCall({ type: 'init', ver: '3.2', hash: 'x' });
    const licence = await keyauthCall({
      type: 'license',
      key: UNUSED_KEY,
      hwid: 'S-1-5-21-1-2-3-1001',
      sessionid: String(second.sessionid),
    });
    expect(licence).toMatchObject({ success: true, info: { username: UNUSED_KEY } });
  });

  it('asks the imported customer, signed in with the KeyAuth password, for an e-mail', async () => {
    const token = await apiLogin(server.url, 'cliente_antigo', PASSWORD);
    const page = await pages.open(token, PHONE, 'dark');
    await page.goto(`${server.url}/dashboard`);
    await page.getByText('Adicione um e-mail à sua conta').waitFor();
    await page.getByRole('link', { name: 'Adicionar e-mail' }).click();
    await page.waitForURL(/\/dashboard\/profile/);
    // The profile opens on adding one: the address is confirmed by a link, as any change.
    await page.getByLabel('Novo e-mail').waitFor();
    await screenshot(page, 'keyauth-import-customer-phone-dark');
  });
});
