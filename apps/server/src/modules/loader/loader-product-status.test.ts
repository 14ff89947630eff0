import type { KeyObject } from 'node:crypto';
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import type {
  LoaderAuthSuccess,
  LoaderEnvelope,
  LoaderHeartbeatSuccess,
  LoaderPublicKey,
  LoaderRefusal,
  LoaderRefusalProduct,
} from '@chaveiro/contract';
import { LOADER_REFUSALS, loaderRefusalSchema, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// While a product is being updated or is down, every loader call of its subscriptions answers a
// signed PRODUCT_UPDATING or PRODUCT_UNAVAILABLE carrying the product's status, note and since.
const text = messages.loader;
let t: TestApp;
let publicKey: KeyObject;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
  publicKey = createPublicKey(response.json<LoaderPublicKey>().pem);
});
afterAll(() => t.close());

const newNonce = () => randomBytes(16).toString('base64url');
const newHwid = () => `PC-${randomBytes(6).toString('hex').toUpperCase()}`;

type Data<T> = T | LoaderRefusal;

/** A loader answer whose X-Signature verifies over the exact bytes, as the SDKs check it. */
async function askLoader<T>(method: 'GET' | 'POST', url: string, body?: object) {
  const response = await t.app.inject({
    method,
    url,
    ...(body && { payload: body }),
    remoteAddress: `10.41.${String(randomBytes(1)[0])}.${String(randomBytes(1)[0])}`,
  });
  const signature = Buffer.from(String(response.headers['x-signature']), 'base64');
  expect(verify(null, response.rawPayload, publicKey, signature)).toBe(true);
  const envelope = JSON.parse(response.rawPayload.toString('utf8')) as LoaderEnvelope<Data<T>>;
  return { status: response.statusCode, data: envelope.data };
}

function auth(body: Record<string, unknown>) {
  return askLoader<LoaderAuthSuccess>('POST', '/api/loader/auth', {
    nonce: newNonce(),
    hwid: newHwid(),
    ...body,
  });
}

function heartbeat(session: string) {
  return askLoader<LoaderHeartbeatSuccess>('POST', '/api/loader/heartbeat', {
    session,
    nonce: newNonce(),
  });
}

function download(session: string) {
  return askLoader(
    'GET',
    `/api/loader/download?session=${encodeURIComponent(session)}&nonce=${newNonce()}`,
  );
}

/** The signed refusal with its product block, checked against the contract's schema. */
function expectProductRefusal(
  answer: { status: number; data: unknown },
  code: 'PRODUCT_UPDATING' | 'PRODUCT_UNAVAILABLE',
  product: LoaderRefusalProduct,
): void {
  expect(answer.data).toEqual({ ok: false, code, message: text.refusals[code], product });
  expect(loaderRefusalSchema.parse(answer.data)).toEqual(answer.data);
  expect(answer.status).toBe(LOADER_REFUSALS[code]);
  expect(answer.status).toBe(503);
}

/** A verified client with a running subscription of a new product that has a file. */
async function customer() {
  const account = await t.createUser();
  const product = await t.fixtures.product();
  const subscription = await t.fixtures.subscription(account.id, product.id, {
    expiresAt: t.clock.now() + 10 * DAY,
  });
  const bytes = Buffer.from(`MZ${randomBytes(64).toString('hex')}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await t.database.db
    .insertInto('files')
    .values({ sha256, mime: 'application/octet-stream', size: bytes.length, bytes, created_at: 0 })
    .execute();
  await t.database.db
    .updateTable('products')
    .set({ file_sha256: sha256, file_name: 'aim.dll', file_size: bytes.length })
    .where('id', '=', product.id)
    .execute();
  const login = { productId: product.id, identifier: account.username, password: account.password };
  return { account, product, subscription, login };
}

async function openSession(login: Record<string, unknown>, hwid = newHwid()) {
  const answer = await auth({ ...login, hwid });
  expect(answer.data, JSON.stringify(answer.data)).toMatchObject({ ok: true });
  return { session: (answer.data as LoaderAuthSuccess).session, hwid };
}

describe('a product being updated or down', () => {
  it('refuses auth with the signed status, its note and since when; accepted again once operational', async () => {
    const c = await customer();
    const since = t.clock.now() - 3_600_000;
    const note = 'Detectado após a atualização do jogo; previsão 48 h';
    await t.fixtures.productOperational(c.product.id, { status: 'updating', note, since });

    expectProductRefusal(await auth(c.login), 'PRODUCT_UPDATING', {
      status: 'updating',
      note,
      timeFrozen: true,
      since: new Date(since).toISOString(),
    });

    await t.fixtures.productOperational(c.product.id, {
      status: 'unavailable',
      freezeTime: false,
      since,
    });
    expectProductRefusal(await auth(c.login), 'PRODUCT_UNAVAILABLE', {
      status: 'unavailable',
      note: null,
      timeFrozen: false,
      since: new Date(since).toISOString(),
    });

    await t.fixtures.productOperational(c.product.id, {
      status: 'operational',
      since: t.clock.now(),
    });
    expect((await auth(c.login)).data).toMatchObject({ ok: true });
  });

  it('still answers wrong credentials as such: the status is told to its subscribers', async () => {
    const c = await customer();
    await t.fixtures.productOperational(c.product.id, {
      status: 'updating',
      since: t.clock.now(),
    });

    const answer = await auth({ ...c.login, password: 'senha-errada-123' });
    expect(answer.data).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
    expect(answer.data).not.toHaveProperty('product');
  });

  it('tells a subscription its product froze that the product is being updated, not that it is paused', async () => {
    const c = await customer();
    const opened = await openSession(c.login);
    await t.fixtures.productOperational(c.product.id, {
      status: 'updating',
      note: 'Já volta',
      since: t.clock.now(),
    });
    // What the product's freeze leaves on its running subscriptions.
    await t.database.db
      .updateTable('subscriptions')
      .set({
        status: 'paused',
        paused_by: 'product',
        product_frozen_since: t.clock.now(),
        paused_remaining_ms: 10 * DAY,
        expires_at: null,
      })
      .where('id', '=', c.subscription.id)
      .execute();
    const product = {
      status: 'updating',
      note: 'Já volta',
      timeFrozen: true,
      since: new Date(t.clock.now()).toISOString(),
    } as const;

    expectProductRefusal(await auth(c.login), 'PRODUCT_UPDATING', product);
    expectProductRefusal(await heartbeat(opened.session), 'PRODUCT_UPDATING', product);
  });

  it('does not redeem a key sent with the account while the product is down', async () => {
    const c = await customer();
    const key = await t.fixtures.key(c.product.id, { days: 7 });
    await t.fixtures.productOperational(c.product.id, {
      status: 'unavailable',
      since: t.clock.now(),
    });

    const answer = await auth({ ...c.login, key: key.key });
    expect(answer.data).toMatchObject({ ok: false, code: 'PRODUCT_UNAVAILABLE' });
    const row = await t.database.db
      .selectFrom('license_keys')
      .select(['status', 'redeemed_by'])
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', redeemed_by: null });
  });

  it('reaches a running session at its next heartbeat and download, which resume once it is back', async () => {
    const c = await customer();
    const opened = await openSession(c.login);
    expect((await heartbeat(opened.session)).data).toMatchObject({ ok: true });
    const since = t.clock.now();
    await t.fixtures.productOperational(c.product.id, {
      status: 'unavailable',
      note: 'Servidor do jogo fora do ar',
      since,
    });
    const product = {
      status: 'unavailable',
      note: 'Servidor do jogo fora do ar',
      timeFrozen: true,
      since: new Date(since).toISOString(),
    } as const;

    // Within one heartbeat: the very next one says why.
    t.clock.advance(30_000);
    expectProductRefusal(await heartbeat(opened.session), 'PRODUCT_UNAVAILABLE', product);
    expectProductRefusal(await download(opened.session), 'PRODUCT_UNAVAILABLE', product);
    const ended = await t.database.db
      .selectFrom('activity')
      .select('action')
      .where('target', '=', `user:${c.account.id}`)
      .where('action', 'like', '%sessão encerrada%')
      .execute();
    expect(ended.map((row) => row.action)).toEqual([
      text.logSessionEnded(text.reasons.productUnavailable, c.account.username),
    ]);

    await t.fixtures.productOperational(c.product.id, {
      status: 'operational',
      since: t.clock.now(),
    });
    expect((await heartbeat(opened.session)).data).toMatchObject({ ok: true });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/loader/download?session=${encodeURIComponent(opened.session)}`,
    });
    expect(file.statusCode).toBe(200);
  });

  it('leaves other products of the same account running', async () => {
    const c = await customer();
    const other = await t.fixtures.product();
    await t.fixtures.subscription(c.account.id, other.id);
    await t.fixtures.productOperational(c.product.id, {
      status: 'updating',
      since: t.clock.now(),
    });

    expect((await auth({ ...c.login, productId: other.id })).data).toMatchObject({ ok: true });
  });
});
