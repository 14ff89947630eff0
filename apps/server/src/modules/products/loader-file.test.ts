import { randomBytes } from 'node:crypto';
import type { LoaderEnvelope } from '@chaveiro/contract';
import { LIMITS, loaderFileMessages as text } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import { multipartBody, type MultipartPart } from '../../testing/multipart.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

/** The smallest file the PE check accepts: a DOS header pointing at a `PE\0\0` signature. */
function tinyPe(marker: string): Buffer {
  const head = Buffer.alloc(0x40);
  head.write('MZ', 0, 'latin1');
  head.writeUInt32LE(0x40, 0x3c);
  return Buffer.concat([head, Buffer.from('PE\0\0', 'latin1'), Buffer.from(marker)]);
}

/** A 64-byte DOS header whose e_lfanew is `offset`, followed by `rest`. */
function withPeOffset(offset: number, rest: string): Buffer {
  const head = Buffer.alloc(0x40);
  head.write('MZ', 0, 'latin1');
  head.writeUInt32LE(offset, 0x3c);
  return Buffer.concat([head, Buffer.from(rest, 'latin1')]);
}

function uploadLoader(id: string, parts: MultipartPart[], user: TestUser = admin) {
  const { body, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${id}/loader`,
    headers: { ...user.headers, 'content-type': contentType },
    payload: body,
  });
}

function loaderParts(bytes: Buffer, version = '1.0.0', notes?: string): MultipartPart[] {
  return [
    { name: 'version', content: version },
    ...(notes === undefined ? [] : [{ name: 'notes', content: notes }]),
    { name: 'loaderFile', filename: 'Chaveiro Loader.exe', content: bytes },
  ];
}

interface ListedLoader {
  sha256: string;
  name: string;
  size: number;
  version: string;
  notes: string;
  uploadedAt: string;
  downloads: number;
}

async function listedLoader(id: string): Promise<ListedLoader | null | undefined> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/products',
    headers: admin.headers,
  });
  return response.json<{ id: string; loader: ListedLoader | null }[]>().find((p) => p.id === id)
    ?.loader;
}

function download(user: TestUser | undefined, subscriptionId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/client/subscriptions/${subscriptionId}/loader`,
    headers: user?.headers,
    remoteAddress: '203.0.113.7',
  });
}

async function fileExists(sha256: string): Promise<boolean> {
  const row = await t.database.db
    .selectFrom('files')
    .select('sha256')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row !== undefined;
}

describe('admin: the loader file of a product', () => {
  it('stores a PE file with its version and notes, logged, and lists it with 0 downloads', async () => {
    const product = await t.fixtures.product({ name: 'Aimbot' });
    const bytes = tinyPe('first');
    const response = await uploadLoader(product.id, loaderParts(bytes, ' 2.4.1 ', 'Correções'));
    expect(response.statusCode).toBe(200);
    const loader = {
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      name: 'Chaveiro Loader.exe',
      size: bytes.length,
      version: '2.4.1',
      notes: 'Correções',
      uploadedAt: new Date(t.clock.now()).toISOString(),
      downloads: 0,
    };
    expect(response.json()).toEqual({ message: text.uploaded, loader });
    expect(await listedLoader(product.id)).toEqual(loader);
    expect(await t.lastActivity()).toBe(text.logUploaded('Aimbot', 'Chaveiro Loader.exe', '2.4.1'));
  });

  it.each([
    ['a file without the MZ header', Buffer.from('just some text, not a program')],
    ['an MZ stub without the PE signature', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
    [
      'an MZ header pointing past the end',
      (() => {
        const head = Buffer.alloc(0x40);
        head.write('MZ', 0, 'latin1');
        head.writeUInt32LE(0xffff, 0x3c);
        return head;
      })(),
    ],
    // A valid offset, but a 16-bit NE program's signature there, not PE's.
    ['an MZ header pointing at another signature', withPeOffset(0x40, 'NE\0\0padding')],
    ['a PE signature cut short by the end of the file', withPeOffset(0x40, 'PE\0')],
    ['an e_lfanew of 4 GiB', withPeOffset(0xffffffff, 'PE\0\0')],
    ['a DOS header cut short before e_lfanew', Buffer.from('MZ\x90\x00\x03', 'latin1')],
  ])('refuses %s (422) and keeps the previous loader', async (_label, bytes) => {
    const product = await t.fixtures.product();
    expect((await uploadLoader(product.id, loaderParts(tinyPe('kept')))).statusCode).toBe(200);
    const before = await listedLoader(product.id);
    const response = await uploadLoader(product.id, loaderParts(bytes, '9.9'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: text.fileInvalid, code: 'INVALID_FILE' });
    expect(await listedLoader(product.id)).toEqual(before);
  });

  it.each([
    [
      'no version',
      [{ name: 'loaderFile', filename: 'l.exe', content: tinyPe('v') }],
      text.versionRequired,
    ],
    ['a blank version', loaderParts(tinyPe('v'), '   '), text.versionRequired],
    [
      'a version over 32',
      loaderParts(tinyPe('v'), 'v'.repeat(LIMITS.loaderVersionMax + 1)),
      text.versionTooLong,
    ],
    [
      'notes over 2000',
      loaderParts(tinyPe('v'), '1', 'n'.repeat(LIMITS.loaderNotesMax + 1)),
      text.notesTooLong,
    ],
    ['no file', [{ name: 'version', content: '1.0' }], text.fileRequired],
  ] as [string, MultipartPart[], string][])(
    'refuses %s with 400 and its message',
    async (_label, parts, message) => {
      const product = await t.fixtures.product();
      const response = await uploadLoader(product.id, parts);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
      expect(await listedLoader(product.id)).toBeNull();
    },
  );

  it('refuses an unknown field, an unknown product and a non-admin', async () => {
    const product = await t.fixtures.product();
    const extra = await uploadLoader(product.id, [
      ...loaderParts(tinyPe('x')),
      { name: 'other', content: 'x' },
    ]);
    expect(extra.statusCode).toBe(400);
    expect((await uploadLoader('nope', loaderParts(tinyPe('x')))).statusCode).toBe(404);
    const client = await t.createUser();
    expect((await uploadLoader(product.id, loaderParts(tinyPe('x')), client)).statusCode).toBe(403);
    expect(await listedLoader(product.id)).toBeNull();
  });

  it('replacing drops the old bytes; removing drops the new ones but not bytes a DLL shares', async () => {
    const product = await t.fixtures.product({ name: 'Trigger' });
    const first = (await uploadLoader(product.id, loaderParts(tinyPe('old')))).json<{
      loader: ListedLoader;
    }>().loader;
    const shared = tinyPe('shared with the dll');
    const { body, contentType } = multipartBody([
      { name: 'dllFile', filename: 'trigger.dll', content: shared },
    ]);
    const dll = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/upload-dll`,
      headers: { ...admin.headers, 'content-type': contentType },
      payload: body,
    });
    expect(dll.statusCode).toBe(200);
    const second = (await uploadLoader(product.id, loaderParts(shared, '2.0'))).json<{
      loader: ListedLoader;
    }>().loader;
    expect(await fileExists(first.sha256)).toBe(false);
    expect(second.version).toBe('2.0');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}/loader`,
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ message: text.removed });
    expect(await listedLoader(product.id)).toBeNull();
    expect(await fileExists(second.sha256)).toBe(true);
    expect(await t.lastActivity()).toBe(text.logRemoved('Trigger'));
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}/loader`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('customer: downloading the loader file', () => {
  async function productWithLoader(name: string, version = '3.1') {
    const product = await t.fixtures.product({ name });
    const bytes = tinyPe(`${name} ${version}`);
    expect(
      (await uploadLoader(product.id, loaderParts(bytes, version, 'Novidades'))).statusCode,
    ).toBe(200);
    return { product, bytes };
  }

  it('sends the bytes under the versioned name to the owner of a running subscription and logs it', async () => {
    const { product, bytes } = await productWithLoader('Radar');
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, product.id);

    const response = await download(user, sub.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Chaveiro Loader-3.1.exe"; filename*=UTF-8''Chaveiro%20Loader-3.1.exe`,
    );
    const logged = await t.database.db
      .selectFrom('loader_downloads')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .execute();
    expect(logged).toEqual([
      {
        id: expect.any(String) as string,
        user_id: user.id,
        subscription_id: sub.id,
        product_id: product.id,
        sha256: (await listedLoader(product.id))?.sha256,
        version: '3.1',
        ip: '203.0.113.7',
        created_at: t.clock.now(),
      },
    ]);
    expect((await listedLoader(product.id))?.downloads).toBe(1);
  });

  it('shows the loader on the card and in the redeem answer', async () => {
    const { product, bytes } = await productWithLoader('Spoofer', '1.2.3');
    const user = await t.createUser();
    const key = await t.fixtures.key(product.id, { days: 7 });
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/client/redeem-key',
      headers: user.headers,
      payload: { keyValue: key.key.toLowerCase() },
    });
    expect(redeemed.statusCode).toBe(200);
    const loader = {
      name: 'Chaveiro Loader.exe',
      version: '1.2.3',
      size: bytes.length,
      notes: 'Novidades',
      uploaded_at: new Date(t.clock.now()).toISOString(),
    };
    const answer = redeemed.json<{ subscription_id: string; loader: unknown }>();
    expect(answer.loader).toEqual(loader);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/client/dashboard',
      headers: user.headers,
    });
    const cards = dashboard.json<{
      subscriptions: { subscription_id: string; loader: unknown }[];
    }>().subscriptions;
    expect(cards).toEqual([
      expect.objectContaining({ subscription_id: answer.subscription_id, loader }),
    ]);
    expect((await download(user, answer.subscription_id)).statusCode).toBe(200);
  });

  it('serves the file exactly when the loader API admits the subscription: product off, server offline', async () => {
    const { product } = await productWithLoader('Triggerbot');
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, product.id);
    const hwid = `PC-${randomBytes(6).toString('hex')}`;
    /** The loader API's answer to this subscriber's machine, and the site's download. */
    const both = async () => {
      const loader = await t.app.inject({
        method: 'POST',
        url: '/api/loader/auth',
        payload: {
          productId: product.id,
          hwid,
          nonce: randomBytes(16).toString('base64url'),
          identifier: user.username,
          password: user.password,
        },
      });
      const file = await download(user, sub.id);
      return {
        loader: loader.json<LoaderEnvelope<{ ok: boolean; code?: string }>>().data.code ?? 'OK',
        download: file.statusCode === 200 ? 'OK' : file.json<{ code: string }>().code,
        status: file.statusCode,
        message: file.statusCode === 200 ? '' : file.json<{ message: string }>().message,
      };
    };
    const change = (url: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url, headers: admin.headers, payload });

    expect(await both()).toMatchObject({ loader: 'OK', download: 'OK' });
    await change(`/api/products/${product.id}/status`, { status: 'disabled' });
    expect(await both()).toEqual({
      loader: 'PRODUCT_DISABLED',
      download: 'PRODUCT_DISABLED',
      status: 409,
      message: text.productDisabled,
    });
    await change(`/api/products/${product.id}/status`, { status: 'active' });
    await change('/api/settings', { key: 'server_status', value: 'offline' });
    expect(await both()).toEqual({
      loader: 'SERVER_OFFLINE',
      download: 'SERVER_OFFLINE',
      status: 409,
      message: text.serverOffline,
    });
    await change('/api/settings', { key: 'server_status', value: 'online' });
    expect(await both()).toMatchObject({ loader: 'OK', download: 'OK' });
  });

  it('says the product is being updated or down, with its note, as the loader API does', async () => {
    const { product, bytes } = await productWithLoader('Wallhack');
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, product.id);
    const note = 'Detectado após a atualização do jogo; previsão 48 h';
    const since = t.clock.now();

    await t.fixtures.productOperational(product.id, { status: 'updating', note, since });
    const updating = await download(user, sub.id);
    expect(updating.statusCode).toBe(503);
    expect(updating.json()).toEqual({
      code: 'PRODUCT_UPDATING',
      message: `Este produto está em atualização: o loader poderá ser baixado quando ele voltar. ${note}`,
    });
    expect(updating.json<{ message: string }>().message).toBe(text.productUpdating(note));

    await t.fixtures.productOperational(product.id, { status: 'unavailable', since });
    const unavailable = await download(user, sub.id);
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({
      code: 'PRODUCT_UNAVAILABLE',
      message: text.productUnavailable(null),
    });

    await t.fixtures.productOperational(product.id, { status: 'operational', since });
    const served = await download(user, sub.id);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses another user’s, a paused, an expired subscription and a product without loader, logging nothing', async () => {
    const { product } = await productWithLoader('Esp');
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const pauser = await t.createUser();
    const lapsed = await t.createUser();
    const running = await t.fixtures.subscription(owner.id, product.id);
    const paused = await t.fixtures.subscription(pauser.id, product.id, { status: 'paused' });
    const expired = await t.fixtures.subscription(lapsed.id, product.id, {
      expiresAt: t.clock.now() - DAY,
    });
    const bare = await t.fixtures.subscription(owner.id, (await t.fixtures.product()).id);

    const cases = [
      [stranger, running.id, 404, text.subscriptionNotFound],
      [owner, 'unknown-id', 404, text.subscriptionNotFound],
      [pauser, paused.id, 409, text.subscriptionPaused],
      [lapsed, expired.id, 409, text.subscriptionExpired],
      [owner, bare.id, 404, text.loaderMissing],
    ] as const;
    for (const [user, id, status, message] of cases) {
      const response = await download(user, id);
      expect(response.statusCode, message).toBe(status);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect((await download(undefined, running.id)).statusCode).toBe(401);
    expect((await download(admin, running.id)).statusCode).toBe(403);
    const logged = await t.database.db
      .selectFrom('loader_downloads')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(logged).toEqual([]);
  });
});
