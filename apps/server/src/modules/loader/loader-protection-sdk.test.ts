import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UpdateProductProtection } from '@chaveiro/contract';
import { LOADER_REFUSALS, messages } from '@chaveiro/contract';
import type { LoaderError, LoaderRefusedError, TrustedKey } from '@chaveiro/loader-sdk';
import { fetchPublicKeys } from '@chaveiro/loader-sdk';
import type { NodeLoaderClientOptions } from '@chaveiro/loader-sdk/node';
import { createNodeLoaderClient } from '@chaveiro/loader-sdk/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { peFile, uploadLoader } from '../../testing/product-files.js';

// The TypeScript loader SDK against the real server over a real socket: the self-update of an
// outdated loader, a security rule ending the session, and offline grace with the server stopped.

let t: TestApp;
let admin: TestUser;
let url: string;
let trustedKeys: TrustedKey[];
let dir: string;
let running: boolean;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  running = true;
  url = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  trustedKeys = await fetchPublicKeys(url);
  dir = await mkdtemp(join(tmpdir(), 'chaveiro-sdk-real-'));
});
afterEach(async () => {
  if (running) await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function customer(protection: UpdateProductProtection) {
  const account = await t.createUser();
  const product = await t.fixtures.product();
  await t.fixtures.subscription(account.id, product.id);
  const response = await t.as(admin).patch(`/api/products/${product.id}/protection`, protection);
  expect(response.statusCode, response.body).toBe(200);
  const credentials = {
    hwid: `PC-${randomBytes(6).toString('hex').toUpperCase()}`,
    identifier: account.username,
    password: account.password,
  };
  const client = (extra: Partial<NodeLoaderClientOptions> = {}) =>
    createNodeLoaderClient({
      serverUrl: url,
      productId: product.id,
      trustedKeys,
      clock: () => t.clock.now(),
      offlineStorePath: join(dir, `${product.id}.lic`),
      retry: { authAttempts: 1 },
      ...extra,
    });
  return { product, credentials, client };
}

async function caught(promise: Promise<unknown>): Promise<LoaderError> {
  try {
    await promise;
  } catch (error) {
    return error as LoaderError;
  }
  throw new Error('expected a rejection');
}

describe('the TypeScript SDK against the real server', { timeout: 30_000 }, () => {
  it('an outdated loader self-updates to the published one, which then passes', async () => {
    const c = await customer({ loaderMinVersion: '2.10', unknownLoaderPolicy: 'refuse' });
    const current = peFile(0x44 + 4096);
    await uploadLoader(t, admin, c.product.id, current, '2.10.0', 'Loader.exe');
    const executable = join(dir, 'Loader.exe');
    await writeFile(executable, peFile(0x44 + 4096));

    const old = c.client({ loader: { version: '2.4', executablePath: executable } });
    const refused = (await caught(old.auth(c.credentials))) as LoaderRefusedError;
    expect(refused.code).toBe('LOADER_OUTDATED');
    expect(refused.loader).toMatchObject({ version: '2.10.0', size: current.length });

    const updated = await old.selfUpdate(refused, { targetPath: executable });
    expect(updated).toMatchObject({ version: '2.10.0', size: current.length });
    expect((await readFile(executable)).equals(current)).toBe(true);

    // The swapped-in file is a published release: known hash, current version, admitted.
    const fresh = c.client({ loader: { version: '2.10.0', executablePath: executable } });
    expect((await fresh.auth(c.credentials)).offline).toBe(false);
  });

  it('a reported debugger ends the session when the product says so', async () => {
    const c = await customer({ securityRules: { debugger: 'end_session' } });
    const loader = c.client();
    await loader.auth(c.credentials);
    const ended = new Promise<Error>((resolve) => {
      loader.startHeartbeats({ onEnd: resolve, immediate: false });
    });
    expect(await loader.reportSecurityEvent('debugger', 'IsDebuggerPresent')).toEqual({
      action: 'end_session',
    });
    const error = (await ended) as LoaderRefusedError;
    expect(error.code).toBe('SESSION_ENDED');
    // The SDK's copy of the refusal matches what the server signs.
    expect(error.message).toBe(messages.loader.refusals.SESSION_ENDED);
    expect(error.status).toBe(LOADER_REFUSALS.SESSION_ENDED);
    const stored = await t.database.db
      .selectFrom('loader_security_events')
      .select(['kind', 'action', 'detail'])
      .where('product_id', '=', c.product.id)
      .execute();
    expect(stored).toEqual([
      { kind: 'debugger', action: 'end_session', detail: 'IsDebuggerPresent' },
    ]);
  });

  it('with the server stopped, works offline until the licence lapses, then stops', async () => {
    const c = await customer({ offlineGraceHours: 2 });
    const online = await c.client().auth(c.credentials);
    expect(online.offlineGrant).not.toBeNull();

    await t.close();
    running = false;

    const offline = await c.client().auth(c.credentials);
    expect(offline).toMatchObject({
      offline: true,
      sessionExpiresAt: online.offlineGrant?.expiresAt,
      subscription: { product: { id: c.product.id } },
    });
    // Another machine has no licence here: its store does not open.
    expect(
      (await caught(c.client().auth({ ...c.credentials, hwid: 'PC-ANOTHER-MACHINE' }))).code,
    ).toBe('NETWORK_ERROR');

    t.clock.advance(2 * 60 * 60 * 1000);
    expect((await caught(c.client().auth(c.credentials))).code).toBe('OFFLINE_EXPIRED');
  });
});
