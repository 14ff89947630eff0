import { createHash, createHmac } from 'node:crypto';
import type { LoaderAuthSuccess } from '@chaveiro/contract';
import { LOADER, SEALED_DELIVERY, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { SessionKeys } from './testing/delivery-client.js';
import {
  loaderClient,
  newHwid,
  newNonce,
  newSessionKeys,
  openSealed,
  peFile,
  slotPattern,
} from './testing/delivery-client.js';
import { uploadDll } from '../../testing/product-files.js';

let t: TestApp;
let admin: TestUser;
let loader: Awaited<ReturnType<typeof loaderClient>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  loader = await loaderClient(t);
});
afterAll(() => t.close());

const MIB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Compared as bytes: a deep equality over a megabyte is slow, and its diff unreadable. */
function expectSameBytes(actual: Buffer, expected: Buffer) {
  expect(actual.length).toBe(expected.length);
  expect(actual.equals(expected)).toBe(true);
}

/** A customer with a running subscription of a new product whose DLL is `dll`. */
async function customer(dll: Buffer, protectedDelivery = false) {
  const account = await t.createUser();
  const product = await t.fixtures.product();
  await t.fixtures.subscription(account.id, product.id, { maxDevices: 3 });
  await uploadDll(t, admin, product.id, dll);
  if (protectedDelivery) await setProtected(product.id, true);
  return { account, product, login: { identifier: account.username, password: account.password } };
}

async function setProtected(productId: string, on: boolean) {
  await t.database.db
    .updateTable('products')
    .set({ protected_delivery: on ? 1 : 0 })
    .where('id', '=', productId)
    .execute();
}

type Customer = Awaited<ReturnType<typeof customer>>;

async function openSession(c: Customer, keys?: SessionKeys, hwid = newHwid()) {
  const answer = await loader.auth({
    productId: c.product.id,
    hwid,
    ...c.login,
    ...(keys ? { sessionKey: keys.base64 } : {}),
  });
  expect(answer.status, JSON.stringify(answer.data)).toBe(200);
  const data = answer.data as LoaderAuthSuccess;
  if (!data.file) throw new Error('the auth named no file');
  return { ...data, file: data.file, hwid };
}

function deliveryRow(id: string) {
  return t.database.db
    .selectFrom('deliveries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('a session opened with a session key', () => {
  it('downloads its marked copy sealed to that key: it opens to the signed hash and size, and without the mark it is the uploaded file', async () => {
    const dll = peFile(200_000);
    const c = await customer(dll);
    const keys = newSessionKeys();
    const session = await openSession(c, keys);
    expect(session.file).toEqual({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      size: dll.length + 64,
      name: 'produto.dll',
      delivery: expect.any(String) as string,
      protected: true,
    });

    const response = await loader.download(session.session, '203.0.113.77');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(SEALED_DELIVERY.contentType);
    expect(response.headers['x-file-sha256']).toBe(session.file.sha256);
    expect(response.headers['x-file-size']).toBe(String(session.file.size));
    expect(response.headers['x-delivery']).toBe(session.file.delivery);
    // 8 + 80 + 24, then 4 chunks each 17 bytes longer than its plain bytes.
    expect(response.rawPayload).toHaveLength(112 + session.file.size + 4 * 17);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    const plain = openSealed(response.rawPayload, keys, session.file.size);
    expect(sha256(plain)).toBe(session.file.sha256);
    // No slot in this DLL: the mark follows its last byte.
    expectSameBytes(plain.subarray(0, dll.length), dll);
    expect(plain.subarray(dll.length, dll.length + 8).toString()).toBe('CHVMARK1');

    expect(await deliveryRow(session.file.delivery)).toMatchObject({
      product_id: c.product.id,
      user_id: c.account.id,
      username: c.account.username,
      hwid: session.hwid,
      file_sha256: sha256(dll),
      marked_sha256: session.file.sha256,
      marked_size: dll.length + 64,
      mark_kind: 'trailer',
      session_key: keys.base64,
      created_at: t.clock.now(),
      downloads: 1,
      downloaded_at: t.clock.now(),
      download_ip: '203.0.113.77',
    });
  });

  it('cannot be opened with another key pair, even with the session token', async () => {
    const c = await customer(peFile(10_000));
    const keys = newSessionKeys();
    const session = await openSession(c, keys);

    const stolen = await loader.download(session.session);

    expect(stolen.statusCode).toBe(200);
    expect(() => openSealed(stolen.rawPayload, newSessionKeys(), session.file.size)).toThrow(
      'the sealed key does not open',
    );
  });

  it('gives two sessions different marks and different ciphertexts; each download a fresh key', async () => {
    const dll = peFile(70_000);
    const c = await customer(dll);
    const [keysA, keysB] = [newSessionKeys(), newSessionKeys()];
    const a = await openSession(c, keysA);
    const b = await openSession(c, keysB);
    expect(a.file.delivery).not.toBe(b.file.delivery);
    expect(a.file.sha256).not.toBe(b.file.sha256);

    const first = (await loader.download(a.session)).rawPayload;
    const again = (await loader.download(a.session)).rawPayload;
    const other = (await loader.download(b.session)).rawPayload;

    expect(first.equals(again)).toBe(false);
    expect(first.equals(other)).toBe(false);
    const plainA = openSealed(first, keysA, a.file.size);
    expectSameBytes(openSealed(again, keysA, a.file.size), plainA);
    const plainB = openSealed(other, keysB, b.file.size);
    expectSameBytes(plainA.subarray(0, dll.length), plainB.subarray(0, dll.length));
    expect(plainA.subarray(dll.length).equals(plainB.subarray(dll.length))).toBe(false);
    expect((await deliveryRow(a.file.delivery)).downloads).toBe(2);
  });

  it('fails authentication when any byte of the stream is changed, dropped or added', async () => {
    const c = await customer(peFile(150_000));
    const keys = newSessionKeys();
    const session = await openSession(c, keys);
    const body = (await loader.download(session.session)).rawPayload;
    expect(openSealed(body, keys, session.file.size)).toHaveLength(session.file.size);

    for (const at of [120, 112 + 65_553 + 10, body.length - 1]) {
      const flipped = Buffer.from(body);
      flipped[at] = (flipped[at] ?? 0) ^ 0x01;
      expect(() => openSealed(flipped, keys, session.file.size)).toThrow();
    }
    expect(() => openSealed(body.subarray(0, body.length - 1), keys, session.file.size)).toThrow(
      'short body',
    );
    expect(() =>
      openSealed(Buffer.concat([body, Buffer.from([0])]), keys, session.file.size),
    ).toThrow('bytes after the final chunk');
    // The last chunk alone ends with TAG_FINAL: dropping it leaves the stream unfinished.
    const firstChunkEnd = 112 + 65_536 + 17;
    expect(() => openSealed(body.subarray(0, firstChunkEnd), keys, 65_536)).toThrow(
      'TAG_FINAL misplaced',
    );
  });

  it("writes the mark in the seller's slot, across the file's stored pieces, keeping the size", async () => {
    // The slot straddles the 1 MiB boundary the file is read in pieces at.
    const slotAt = MIB - 20;
    const dll = peFile(3 * MIB, slotAt);
    const c = await customer(dll);
    const keys = newSessionKeys();
    const session = await openSession(c, keys);
    expect(session.file.size).toBe(dll.length);

    const response = await loader.download(session.session);
    const plain = openSealed(response.rawPayload, keys, session.file.size);

    expect(sha256(plain)).toBe(session.file.sha256);
    expectSameBytes(plain.subarray(0, slotAt), dll.subarray(0, slotAt));
    expectSameBytes(plain.subarray(slotAt + 64), dll.subarray(slotAt + 64));
    const mark = plain.subarray(slotAt, slotAt + 64);
    expect(mark.subarray(0, 9)).toEqual(Buffer.from('CHVMARK1\x01', 'latin1'));
    expect(mark.subarray(16, 32).toString('hex')).toBe(session.file.delivery.replace(/-/g, ''));
    // Putting the slot back gives the uploaded file.
    expectSameBytes(
      Buffer.concat([plain.subarray(0, slotAt), slotPattern(), plain.subarray(slotAt + 64)]),
      dll,
    );
    expect((await deliveryRow(session.file.delivery)).mark_kind).toBe('slot');

    // A second session's slot copy hashes to its own mark.
    const other = await openSession(c);
    expect(other.file.sha256).not.toBe(session.file.sha256);
    const plainOther = (await loader.download(other.session)).rawPayload;
    expect(sha256(plainOther)).toBe(other.file.sha256);
  });
});

describe('the session key', () => {
  it('is refused at auth when no download could be sealed to it (a point of small order)', async () => {
    const c = await customer(peFile(1_000));
    const hwid = newHwid();

    const answer = await loader.auth({
      productId: c.product.id,
      hwid,
      ...c.login,
      sessionKey: Buffer.alloc(32).toString('base64'),
    });

    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      code: 'INVALID_REQUEST',
      message: messages.loader.sessionKeyInvalid,
    });
    const bound = await t.database.db
      .selectFrom('machines')
      .select('id')
      .where('hwid', '=', hwid)
      .execute();
    expect(bound).toEqual([]);
  });
});

describe('a session opened without a session key', () => {
  it('downloads the marked copy in the clear while the product allows it', async () => {
    const dll = peFile(5_000);
    const c = await customer(dll);
    const session = await openSession(c);
    expect(session.file.protected).toBe(false);

    const response = await loader.download(session.session);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['x-delivery']).toBe(session.file.delivery);
    expect(sha256(response.rawPayload)).toBe(session.file.sha256);
    expectSameBytes(response.rawPayload.subarray(0, dll.length), dll);
  });

  it('is refused SESSION_KEY_REQUIRED where delivery is protected, signed; a keyed session is served', async () => {
    const c = await customer(peFile(5_000), true);
    const plain = await openSession(c);
    expect(plain.file.protected).toBe(false);

    const refused = await loader.download(plain.session);

    expect(refused.statusCode).toBe(403);
    expect(loader.signed(refused).data).toEqual({
      ok: false,
      code: 'SESSION_KEY_REQUIRED',
      message: messages.loader.refusals.SESSION_KEY_REQUIRED,
    });
    expect((await deliveryRow(plain.file.delivery)).downloads).toBe(0);
    const keys = newSessionKeys();
    const sealed = await openSession(c, keys);
    const served = await loader.download(sealed.session);
    expect(served.statusCode).toBe(200);
    expect(sha256(openSealed(served.rawPayload, keys, sealed.file.size))).toBe(sealed.file.sha256);

    // Turned on after the auth: the plain delivery is refused from then on.
    const c2 = await customer(peFile(5_000));
    const before = await openSession(c2);
    await setProtected(c2.product.id, true);
    expect((await loader.download(before.session)).statusCode).toBe(403);
  });
});

describe('the session token and its delivery', () => {
  it('names the delivery: a session whose product file changed since signs in again', async () => {
    const c = await customer(peFile(5_000));
    const session = await openSession(c);
    await uploadDll(t, admin, c.product.id, peFile(6_000));

    const response = await loader.download(session.session);

    expect(response.statusCode).toBe(401);
    expect(loader.signed(response).data).toMatchObject({ code: 'SESSION_INVALID' });
    const renewed = await openSession(c, undefined, session.hwid);
    expect(sha256((await loader.download(renewed.session)).rawPayload)).toBe(renewed.file.sha256);
  });

  it('is served only to the machine and subscription the delivery was made for', async () => {
    const c = await customer(peFile(5_000));
    const session = await openSession(c);
    const other = await openSession(c);
    // As if the token named another machine's delivery: its own machine is checked.
    await t.database.db
      .updateTable('deliveries')
      .set({ machine_id: (await deliveryRow(other.file.delivery)).machine_id })
      .where('id', '=', session.file.delivery)
      .execute();

    const response = await loader.download(session.session);

    expect(response.statusCode).toBe(401);
    expect(loader.signed(response).data).toMatchObject({ code: 'SESSION_INVALID' });
    expect((await deliveryRow(session.file.delivery)).downloads).toBe(0);
  });

  it('keeps its delivery when a heartbeat renews it', async () => {
    const c = await customer(peFile(5_000));
    const session = await openSession(c);
    t.clock.advance(LOADER.sessionTtlMs / 2 + 1000);
    const beat = await t.app.inject({
      method: 'POST',
      url: '/api/loader/heartbeat',
      payload: { session: session.session, nonce: newNonce() },
    });
    const renewed = loader.signed<{ session: string }>(beat).data as { session: string };
    expect(renewed.session).not.toBe(session.session);

    const response = await loader.download(renewed.session);

    expect(response.headers['x-delivery']).toBe(session.file.delivery);
    expect(sha256(response.rawPayload)).toBe(session.file.sha256);
  });

  it('still serves a token issued before deliveries (six fields): a plain delivery made at download', async () => {
    const dll = peFile(5_000);
    const c = await customer(dll);
    const session = await openSession(c);
    const machine = await t.database.db
      .selectFrom('machines')
      .select(['id', 'subscription_id'])
      .where('hwid', '=', session.hwid)
      .executeTakeFirstOrThrow();
    const key = createHmac('sha256', t.config.jwtSecret)
      .update('chaveiro/loader-session/v1')
      .digest();
    const claims = Buffer.from(
      [
        machine.id,
        machine.subscription_id,
        c.account.id,
        c.product.id,
        '0',
        String(t.clock.now() + LOADER.sessionTtlMs),
      ].join('|'),
    ).toString('base64url');
    const legacy = `v1.${claims}.${createHmac('sha256', key).update(`v1.${claims}`).digest('base64url')}`;

    const response = await loader.download(legacy);

    expect(response.statusCode).toBe(200);
    const delivery = String(response.headers['x-delivery']);
    expect(delivery).not.toBe(session.file.delivery);
    expectSameBytes(response.rawPayload.subarray(0, dll.length), dll);
    expect(await deliveryRow(delivery)).toMatchObject({
      machine_id: machine.id,
      hwid: session.hwid,
      marked_sha256: sha256(response.rawPayload),
      session_key: null,
      downloads: 1,
    });
    await setProtected(c.product.id, true);
    expect((await loader.download(legacy)).statusCode).toBe(403);
  });
});
