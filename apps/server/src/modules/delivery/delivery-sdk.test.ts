import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LoaderError, TrustedKey } from '@chaveiro/loader-sdk';
import { createLoaderClient, fetchPublicKeys, SealedOpener } from '@chaveiro/loader-sdk';
import type { NodeLoaderClient } from '@chaveiro/loader-sdk/node';
import { createNodeLoaderClient, sodiumCrypto } from '@chaveiro/loader-sdk/node';
import { DELIVERY_MARK } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { newHwid, peFile } from './testing/delivery-client.js';
import { uploadDll } from '../../testing/product-files.js';

// The TypeScript loader SDK (packages/loader-sdk) against the real server over a real socket:
// what a seller's loader gets, not a re-implementation of the client.

let t: TestApp;
let admin: TestUser;
let url: string;
let trustedKeys: TrustedKey[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  trustedKeys = await fetchPublicKeys(url);
});
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A customer of a new product whose DLL is `dll`, and an SDK client for it. */
async function customer(dll: Buffer, protectedDelivery: boolean) {
  const account = await t.createUser();
  const product = await t.fixtures.product();
  await t.fixtures.subscription(account.id, product.id, { maxDevices: 3 });
  await uploadDll(t, admin, product.id, dll);
  await t.database.db
    .updateTable('products')
    .set({ protected_delivery: protectedDelivery ? 1 : 0 })
    .where('id', '=', product.id)
    .execute();
  const credentials = {
    hwid: newHwid(),
    identifier: account.username,
    password: account.password,
  };
  const client = (): NodeLoaderClient =>
    createNodeLoaderClient({
      serverUrl: url,
      productId: product.id,
      trustedKeys,
      // The app's clock, so the answers' issuedAt is fresh to the client.
      clock: () => t.clock.now(),
      offlineStorePath: false,
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
  it('decrypts a protected download in memory to the uploaded bytes plus this delivery’s mark', async () => {
    // Several 64 KiB chunks, the last one partial.
    const dll = peFile(300_001);
    const c = await customer(dll, true);
    const loader = c.client();
    const auth = await loader.auth(c.credentials);
    expect(auth.file).toMatchObject({ protected: true, size: dll.length + DELIVERY_MARK.bytes });

    const file = await loader.download();
    const bytes = Buffer.from(file.bytes);
    // The uploaded file, byte for byte, then the 64-byte mark naming this delivery.
    expect(bytes.subarray(0, dll.length).equals(dll)).toBe(true);
    expect(bytes.subarray(dll.length, dll.length + 8).toString('ascii')).toBe(
      DELIVERY_MARK.markMagic,
    );
    expect(file.sha256).toBe(auth.file?.sha256);
    expect(sha256(bytes)).toBe(auth.file?.sha256);
    const delivery = await t.database.db
      .selectFrom('deliveries')
      .select(['downloads', 'session_key'])
      .where('id', '=', auth.file?.delivery ?? '')
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ downloads: 1, session_key: loader.sessionKey });
  });

  it('a download fetched with the session token but another key pair yields nothing usable', async () => {
    const dll = peFile(150_000);
    const c = await customer(dll, true);
    const loader = c.client();
    const auth = await loader.auth(c.credentials);

    // Whoever stole the session token fetches the download: the real server serves it…
    const response = await fetch(`${url}/api/loader/download?nonce=stolen-session-0001`, {
      headers: { authorization: `Bearer ${auth.session}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.chaveiro.sealed');
    const stolen = Buffer.from(await response.arrayBuffer());
    // …but not a run of the file's bytes shows in it, and another key pair cannot open it.
    expect(stolen.includes(dll.subarray(1000, 1064))).toBe(false);
    const opener = new SealedOpener(sodiumCrypto, sodiumCrypto.boxKeyPair(), auth.file?.size ?? 0);
    let error: LoaderError | undefined;
    try {
      opener.push(stolen);
      opener.finish();
    } catch (thrown) {
      error = thrown as LoaderError;
    }
    expect(error?.code).toBe('DECRYPT_FAILED');

    // A second loader, with its own key pair, gets its own delivery and opens that one.
    const other = c.client();
    expect(other.sessionKey).not.toBe(loader.sessionKey);
    await other.auth({ ...c.credentials });
    const own = Buffer.from((await other.download()).bytes);
    expect(own.subarray(0, dll.length).equals(dll)).toBe(true);
  });

  it('two sessions get different ciphertexts and different marks of the same file', async () => {
    const dll = peFile(70_000);
    const c = await customer(dll, true);
    const [first, second] = [c.client(), c.client()];
    const [authA, authB] = [await first.auth(c.credentials), await second.auth(c.credentials)];
    expect(authA.file?.delivery).not.toBe(authB.file?.delivery);
    expect(authA.file?.sha256).not.toBe(authB.file?.sha256);
    const [a, b] = [await first.download(), await second.download()];
    expect(Buffer.from(a.bytes).subarray(0, dll.length).equals(dll)).toBe(true);
    expect(Buffer.from(b.bytes).subarray(0, dll.length).equals(dll)).toBe(true);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(false);
  });

  it('an unprotected product still downloads in the clear to a client without libsodium; a protected one refuses it', async () => {
    const dll = peFile(20_000);
    const open = await customer(dll, false);
    const plainClient = createLoaderClient({
      serverUrl: url,
      productId: open.product.id,
      trustedKeys,
      clock: () => t.clock.now(),
    });
    const auth = await plainClient.auth(open.credentials);
    expect(auth.file?.protected).toBe(false);
    const bytes = Buffer.from((await plainClient.download()).bytes);
    expect(bytes.subarray(0, dll.length).equals(dll)).toBe(true);

    const closed = await customer(dll, true);
    const refusedClient = createLoaderClient({
      serverUrl: url,
      productId: closed.product.id,
      trustedKeys,
      clock: () => t.clock.now(),
    });
    await refusedClient.auth(closed.credentials);
    expect((await caught(refusedClient.download())).code).toBe('SESSION_KEY_REQUIRED');
  });
});
