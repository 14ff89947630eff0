import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import { LIMITS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../testing/multipart.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { DEFAULT_RETRY_AFTER_SECONDS } from './error-handler.js';

let t: TestApp;
let admin: TestUser;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const temporaryFiles = () => readdir(join(t.config.dataDir, 'uploads'));

function dllOf(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('MZ', 'latin1');
  return bytes;
}

function uploadDll(productId: string, content: Buffer, by: TestUser = admin) {
  const { body, contentType } = multipartBody([
    { name: 'dllFile', filename: 'cheat.dll', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/upload-dll`,
    headers: { ...by.headers, 'content-type': contentType },
    payload: body,
  });
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function uploadAvatar(by: TestUser) {
  const { body, contentType } = multipartBody([
    { name: 'avatar', filename: 'a.png', contentType: 'image/png', content: png },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/avatar/upload',
    headers: { ...by.headers, 'content-type': contentType },
    payload: body,
  });
}

const storedFiles = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`never happened: ${what}`);
}

/**
 * An upload over a real socket that sends its headers and the first `sent` bytes of the body,
 * then waits; resolves once the server is writing it to a temporary file.
 */
async function stalled(
  url: string,
  field: string,
  by: TestUser,
  size: number,
  sent: number,
): Promise<Socket> {
  const before = (await temporaryFiles()).length;
  const { body, contentType } = multipartBody([
    { name: field, filename: 'stalled.bin', content: dllOf(size) },
  ]);
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    [
      `POST ${url} HTTP/1.1`,
      'Host: localhost',
      `Authorization: ${by.headers.authorization}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${String(body.length)}`,
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(body.subarray(0, sent));
  await eventually(async () => (await temporaryFiles()).length > before, 'temporary file');
  return socket;
}

const stalledUpload = (productId: string, size: number, sent: number, by: TestUser = admin) =>
  stalled(`/api/products/${productId}/upload-dll`, 'dllFile', by, size, sent);

const stalledAvatar = (by: TestUser) =>
  stalled('/api/profile/avatar/upload', 'avatar', by, 1024 * 1024, 1024);

describe('uploads', () => {
  it('stores a DLL byte for byte under its sha256, leaving no temporary file', async () => {
    const product = await t.fixtures.product();
    const dll = dllOf(3 * 1024 * 1024 + 17);

    const response = await uploadDll(product.id, dll);

    expect(response.statusCode).toBe(200);
    const { file } = response.json<{ file: { sha256: string; size: number } }>();
    expect(file).toMatchObject({
      sha256: createHash('sha256').update(dll).digest('hex'),
      size: dll.length,
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/dll`,
      headers: admin.headers,
    });
    expect(Buffer.compare(download.rawPayload, dll)).toBe(0);
    expect(await temporaryFiles()).toEqual([]);
  });

  it('refuses an oversize DLL with 413 in pt-BR, leaving no temporary file', async () => {
    const product = await t.fixtures.product();

    const response = await uploadDll(product.id, dllOf(LIMITS.dllMaxBytes + 1));

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: messages.admin.dllTooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await temporaryFiles()).toEqual([]);
  });

  it('leaves no temporary file and no row when the client drops an upload halfway', async () => {
    const product = await t.fixtures.product();
    const filesBefore = await storedFiles();

    const socket = await stalledUpload(product.id, 4 * 1024 * 1024, 1024 * 1024);
    socket.destroy();

    await eventually(async () => (await temporaryFiles()).length === 0, 'temporary file removed');
    expect(await storedFiles()).toBe(filesBefore);
    const stored = await t.database.db
      .selectFrom('products')
      .select('file_sha256')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stored.file_sha256).toBeNull();
  });

  it('holds an upload while two large ones are in flight and stores it once one ends', async () => {
    const product = await t.fixtures.product();
    const first = await stalledUpload(product.id, 8 * 1024 * 1024, 64 * 1024);
    const second = await stalledUpload(product.id, 8 * 1024 * 1024, 64 * 1024);

    const third = uploadDll(product.id, dllOf(1024), await t.createUser({ role: 'admin' }));
    await new Promise((done) => setTimeout(done, 500));
    first.destroy();

    expect((await third).statusCode).toBe(200);
    second.destroy();
    await eventually(async () => (await temporaryFiles()).length === 0, 'uploads ended');
  });

  it('answers 503 in pt-BR when no room comes while two large uploads stay in flight', async () => {
    const product = await t.fixtures.product();
    const first = await stalledUpload(product.id, 8 * 1024 * 1024, 64 * 1024);
    const second = await stalledUpload(product.id, 8 * 1024 * 1024, 64 * 1024);

    const [refused, avatar] = await Promise.all([
      uploadDll(product.id, dllOf(1024), await t.createUser({ role: 'admin' })),
      uploadAvatar(await t.createUser()),
    ]);

    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: messages.errors.uploadsBusy, code: 'UPLOADS_BUSY' });
    expect(avatar.statusCode).toBe(503);
    first.destroy();
    second.destroy();
    await eventually(async () => (await temporaryFiles()).length === 0, 'uploads ended');
    expect((await uploadDll(product.id, dllOf(1024))).statusCode).toBe(200);
  });

  it('refuses a third upload in flight from one account with 429 and Retry-After while another account uploads', async () => {
    const hoarder = await t.createUser();
    const held = [await stalledAvatar(hoarder), await stalledAvatar(hoarder)];

    const refused = await uploadAvatar(hoarder);
    const other = await uploadAvatar(await t.createUser());

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: messages.errors.uploadsPerClient,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(refused.headers['retry-after']).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(other.statusCode).toBe(200);
    for (const socket of held) socket.destroy();
    await eventually(async () => (await temporaryFiles()).length === 0, 'uploads ended');
    expect((await uploadAvatar(hoarder)).statusCode).toBe(200);
  });

  it('refuses an upload with 429 and Retry-After once its address has eight in flight, whatever the account', async () => {
    const held: Socket[] = [];
    for (let account = 0; account < 4; account += 1) {
      const user = await t.createUser();
      held.push(await stalledAvatar(user), await stalledAvatar(user));
    }

    const refused = await uploadAvatar(await t.createUser());

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: messages.errors.uploadsPerClient,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(refused.headers['retry-after']).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    for (const socket of held) socket.destroy();
    await eventually(async () => (await temporaryFiles()).length === 0, 'uploads ended');
    expect((await uploadAvatar(await t.createUser())).statusCode).toBe(200);
  });
});
