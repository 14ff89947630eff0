import type { KeyObject } from 'node:crypto';
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import type {
  LoaderAuthSuccess,
  LoaderEnvelope,
  LoaderPublicKey,
  LoaderRefusal,
  LoaderRefusalCode,
  LoaderUpdateBlock,
  UpdateProductProtection,
} from '@chaveiro/contract';
import { LOADER_REFUSALS, messages, protectionMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { peFile, uploadLoader } from '../../testing/product-files.js';

// The loader's version and integrity at auth (docs/loader-protocol.md): LOADER_OUTDATED with a
// verified self-update, and an unknown hash allowed, recorded or refused per product.
let t: TestApp;
let admin: TestUser;
let publicKey: KeyObject;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  const key = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
  publicKey = createPublicKey(key.json<LoaderPublicKey>().pem);
});
afterAll(() => t.close());

const newNonce = () => randomBytes(16).toString('base64url');
const newHwid = () => `PC-${randomBytes(6).toString('hex').toUpperCase()}`;
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Answer<T> {
  status: number;
  data: T | LoaderRefusal;
  request: string;
}

/** A loader answer, its signature checked over the bytes received with the published key. */
function signed<T>(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}): Answer<T> {
  const signature = Buffer.from(String(response.headers['x-signature']), 'base64');
  expect(verify(null, response.rawPayload, publicKey, signature)).toBe(true);
  const envelope = JSON.parse(response.rawPayload.toString('utf8')) as LoaderEnvelope<T>;
  return { status: response.statusCode, data: envelope.data, request: envelope.request };
}

function expectRefusal(answer: Answer<unknown>, code: LoaderRefusalCode): void {
  expect(answer.data).toMatchObject({ ok: false, code, message: messages.loader.refusals[code] });
  expect(answer.status).toBe(LOADER_REFUSALS[code]);
}

async function customer(protection: UpdateProductProtection) {
  const account = await t.createUser();
  const product = await t.fixtures.product();
  const subscription = await t.fixtures.subscription(account.id, product.id);
  const response = await t.as(admin).patch(`/api/products/${product.id}/protection`, protection);
  expect(response.statusCode, response.body).toBe(200);
  return { account, product, subscription, hwid: newHwid() };
}

async function auth(
  c: Awaited<ReturnType<typeof customer>>,
  loader?: { sha256: string; version: string },
) {
  const response = await t.as(null).post('/api/loader/auth', {
    nonce: newNonce(),
    productId: c.product.id,
    hwid: c.hwid,
    identifier: c.account.username,
    password: c.account.password,
    ...(loader ? { loader } : {}),
  });
  return signed<LoaderAuthSuccess>(response);
}

function events(userId: string) {
  return t.database.db
    .selectFrom('loader_security_events')
    .select(['kind', 'action', 'detail'])
    .where('user_id', '=', userId)
    .execute();
}

describe('a loader older than the minimum version', () => {
  it('is refused with LOADER_OUTDATED naming the current loader, which the update serves', async () => {
    const c = await customer({ loaderMinVersion: '2.4' });
    // Over 1 MiB: stored in chunks and streamed.
    const current = peFile(0x44 + 2.5 * 1024 * 1024);
    await uploadLoader(t, admin, c.product.id, current, '2.10.0', 'Loader.exe');

    const answer = await auth(c, { sha256: 'a'.repeat(64), version: '2.3.9' });
    expectRefusal(answer, 'LOADER_OUTDATED');
    const { loader } = answer.data as LoaderRefusal & { loader: LoaderUpdateBlock };
    expect(loader).toEqual({
      version: '2.10.0',
      sha256: sha256Of(current),
      size: current.length,
      name: 'Loader.exe',
      update: {
        token: expect.stringMatching(/^u1\./) as string,
        expiresAt: new Date(t.clock.now() + 10 * 60_000).toISOString(),
      },
    });
    // No session was opened, and the refusal is in the audit log.
    const log = await t.database.db
      .selectFrom('activity')
      .select('action')
      .where('target', '=', `user:${c.account.id}`)
      .execute();
    expect(log.map((row) => row.action)).toEqual([
      messages.loader.logFailure(
        messages.loader.reasons.loaderOutdated,
        c.account.username,
        c.hwid,
      ),
    ]);

    const nonce = newNonce();
    const update = await t
      .as(null)
      .get(`/api/loader/update?token=${encodeURIComponent(loader.update!.token)}&nonce=${nonce}`);
    expect(update.statusCode).toBe(200);
    expect(update.headers['content-type']).toBe('application/octet-stream');
    expect(update.headers['x-file-sha256']).toBe(loader.sha256);
    expect(update.headers['x-file-size']).toBe(String(loader.size));
    expect(update.headers['x-loader-version']).toBe('2.10.0');
    expect(sha256Of(update.rawPayload)).toBe(loader.sha256);
    expect(update.rawPayload.length).toBe(loader.size);
    // The nonce is claimed like the other calls'.
    expectRefusal(
      signed(
        await t
          .as(null)
          .get(
            `/api/loader/update?token=${encodeURIComponent(loader.update!.token)}&nonce=${nonce}`,
          ),
      ),
      'NONCE_REUSED',
    );
  });

  it('is refused too when it reports no version; "2.4" equals "2.4.0" and passes', async () => {
    const c = await customer({ loaderMinVersion: '2.4' });
    expectRefusal(await auth(c), 'LOADER_OUTDATED');
    // Without a loader file there is nothing to update to.
    expect((await auth(c)).data).toMatchObject({ loader: null });
    expect((await auth(c, { sha256: 'b'.repeat(64), version: '2.4.0' })).status).toBe(200);
    expect((await auth(c, { sha256: 'b'.repeat(64), version: '10.0' })).status).toBe(200);
  });

  it('refuses an update token that is forged, expired, or for a loader replaced since', async () => {
    const c = await customer({ loaderMinVersion: '3' });
    await uploadLoader(t, admin, c.product.id, peFile(0x44 + 256), '3.0', 'Loader.exe');
    const answer = await auth(c, { sha256: 'c'.repeat(64), version: '1.0' });
    const token = (answer.data as LoaderRefusal & { loader: LoaderUpdateBlock }).loader.update!
      .token;
    const update = (value: string) =>
      t.as(null).get(`/api/loader/update?token=${encodeURIComponent(value)}&nonce=${newNonce()}`);

    const forged = signed(await update(`${token.slice(0, -4)}AAAA`));
    expectRefusal(forged, 'SESSION_INVALID');
    expect(forged.request).toBe('GET /api/loader/update');
    // A loader session's token is no update token.
    expectRefusal(signed(await update(`v1.${token.slice(3)}`)), 'SESSION_INVALID');

    await uploadLoader(t, admin, c.product.id, peFile(0x44 + 256), '3.1', 'Loader.exe');
    expectRefusal(signed(await update(token)), 'NO_FILE');

    const fresh = (await auth(c, { sha256: 'c'.repeat(64), version: '1.0' }))
      .data as LoaderRefusal & {
      loader: LoaderUpdateBlock;
    };
    t.clock.advance(10 * 60_000);
    expectRefusal(signed(await update(fresh.loader.update!.token)), 'SESSION_INVALID');
  });

  it('serves no update once the subscription is no longer usable', async () => {
    const c = await customer({ loaderMinVersion: '3' });
    await uploadLoader(t, admin, c.product.id, peFile(0x44 + 256), '3.0', 'Loader.exe');
    const answer = await auth(c, { sha256: 'd'.repeat(64), version: '1.0' });
    const token = (answer.data as LoaderRefusal & { loader: LoaderUpdateBlock }).loader.update!
      .token;
    await t.database.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', c.account.id)
      .execute();
    expectRefusal(
      signed(
        await t
          .as(null)
          .get(`/api/loader/update?token=${encodeURIComponent(token)}&nonce=${newNonce()}`),
      ),
      'ACCOUNT_BANNED',
    );
  });
});

describe('a loader whose hash is no published release', () => {
  it('passes unseen under "allow"', async () => {
    const c = await customer({ unknownLoaderPolicy: 'allow' });
    await uploadLoader(t, admin, c.product.id, peFile(0x44 + 256), '1.0', 'Loader.exe');
    expect((await auth(c, { sha256: 'e'.repeat(64), version: '1.0' })).status).toBe(200);
    expect(await events(c.account.id)).toEqual([]);
  });

  it('passes and is recorded under "record"', async () => {
    const c = await customer({ unknownLoaderPolicy: 'record' });
    await uploadLoader(t, admin, c.product.id, peFile(0x44 + 256), '1.0', 'Loader.exe');
    expect((await auth(c, { sha256: 'f'.repeat(64), version: '1.0' })).status).toBe(200);
    expect((await auth(c)).status).toBe(200);
    expect(await events(c.account.id)).toEqual([
      {
        kind: 'unknown_loader',
        action: 'record',
        detail: protectionMessages.unknownLoaderDetail('1.0', 'f'.repeat(64)),
      },
      { kind: 'unknown_loader', action: 'record', detail: protectionMessages.loaderNotReported },
    ]);
  });

  it('is recorded and refused with LOADER_MODIFIED under "refuse"; a published one passes', async () => {
    const c = await customer({ unknownLoaderPolicy: 'refuse' });
    const official = peFile(0x44 + 256);
    await uploadLoader(t, admin, c.product.id, official, '1.0', 'Loader.exe');
    expectRefusal(await auth(c, { sha256: '0'.repeat(64), version: '1.0' }), 'LOADER_MODIFIED');
    expect(await events(c.account.id)).toEqual([
      {
        kind: 'unknown_loader',
        action: 'refused',
        detail: protectionMessages.unknownLoaderDetail('1.0', '0'.repeat(64)),
      },
    ]);
    expect((await auth(c, { sha256: sha256Of(official), version: '1.0' })).status).toBe(200);
    // An older release still published is known too.
    await uploadLoader(t, admin, c.product.id, peFile(0x44 + 256), '1.1', 'Loader.exe');
    expect((await auth(c, { sha256: sha256Of(official), version: '1.0' })).status).toBe(200);
    expect(await events(c.account.id)).toHaveLength(1);
  });

  it('is not checked while the product published no loader', async () => {
    const c = await customer({ unknownLoaderPolicy: 'refuse' });
    expect((await auth(c, { sha256: '1'.repeat(64), version: '1.0' })).status).toBe(200);
    expect(await events(c.account.id)).toEqual([]);
  });
});
