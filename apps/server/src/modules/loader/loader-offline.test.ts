import type { KeyObject } from 'node:crypto';
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import type {
  LoaderAuthSuccess,
  LoaderEnvelope,
  LoaderHeartbeatSuccess,
  LoaderOffline,
  LoaderPublicKey,
} from '@chaveiro/contract';
import { LOADER } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// Offline grace (docs/loader-protocol.md): a signed licence in the auth answer, renewed with the
// session by the heartbeat, never past the subscription's expiry.
let t: TestApp;
let admin: TestUser;
let published: LoaderPublicKey;
let publicKey: KeyObject;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  const key = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
  published = key.json<LoaderPublicKey>();
  publicKey = createPublicKey(published.pem);
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const newNonce = () => randomBytes(16).toString('base64url');

interface OfflinePayload {
  v: number;
  keyId: string;
  productId: string;
  subscriptionId: string;
  hwid: string;
  username: string;
  issuedAt: string;
  expiresAt: string;
}

/** The licence's payload, once its signature verifies with the published key (as a client). */
function verifiedPayload(offline: LoaderOffline): OfflinePayload {
  const [version, payload, signature, ...rest] = offline.token.split('.');
  expect(version).toBe('v1');
  expect(rest).toEqual([]);
  const signed = Buffer.from(`chaveiro-offline-v1.${payload}`, 'ascii');
  expect(verify(null, signed, publicKey, Buffer.from(signature!, 'base64url'))).toBe(true);
  // Not valid as any other signed bytes: the payload alone does not verify.
  expect(
    verify(null, Buffer.from(payload!, 'ascii'), publicKey, Buffer.from(signature!, 'base64url')),
  ).toBe(false);
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as OfflinePayload;
}

async function customer(graceHours: number, expiresAt = t.clock.now() + 30 * 24 * HOUR) {
  const account = await t.createUser();
  const product = await t.fixtures.product();
  const subscription = await t.fixtures.subscription(account.id, product.id, { expiresAt });
  const saved = await t
    .as(admin)
    .patch(`/api/products/${product.id}/protection`, { offlineGraceHours: graceHours });
  expect(saved.statusCode).toBe(200);
  return { account, product, subscription, hwid: `PC-${randomBytes(6).toString('hex')}` };
}

async function auth(c: Awaited<ReturnType<typeof customer>>): Promise<LoaderAuthSuccess> {
  const response = await t.as(null).post('/api/loader/auth', {
    nonce: newNonce(),
    productId: c.product.id,
    hwid: c.hwid,
    identifier: c.account.username,
    password: c.account.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoaderEnvelope<LoaderAuthSuccess>>().data;
}

async function heartbeat(session: string): Promise<LoaderHeartbeatSuccess> {
  const response = await t.as(null).post('/api/loader/heartbeat', { session, nonce: newNonce() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoaderEnvelope<LoaderHeartbeatSuccess>>().data;
}

describe('an offline licence', () => {
  it('comes with the auth answer: signed, naming the product, subscription and hashed HWID', async () => {
    const c = await customer(24);
    const answer = await auth(c);
    const expiresAt = new Date(t.clock.now() + 24 * HOUR).toISOString();
    expect(answer.offline).toEqual({ token: expect.any(String) as string, expiresAt });
    expect(verifiedPayload(answer.offline!)).toEqual({
      v: 1,
      keyId: published.keyId,
      productId: c.product.id,
      subscriptionId: c.subscription.id,
      hwid: createHash('sha256').update(c.hwid).digest('hex'),
      username: c.account.username,
      issuedAt: new Date(t.clock.now()).toISOString(),
      expiresAt,
    });
  });

  it('never outlives the subscription', async () => {
    const ends = t.clock.now() + 2 * HOUR;
    const c = await customer(720, ends);
    const answer = await auth(c);
    expect(answer.offline?.expiresAt).toBe(new Date(ends).toISOString());
    expect(verifiedPayload(answer.offline!).expiresAt).toBe(new Date(ends).toISOString());
  });

  it('is absent while the product allows no offline grace, from auth and heartbeat alike', async () => {
    const c = await customer(0);
    const answer = await auth(c);
    expect(answer.offline).toBeNull();
    t.clock.advance(LOADER.sessionTtlMs / 2 + 1);
    const renewed = await heartbeat(answer.session);
    expect(renewed.session).not.toBe(answer.session);
    expect(renewed).not.toHaveProperty('offline');
  });

  it('is renewed by a heartbeat only when it renews the session', async () => {
    const c = await customer(12);
    const answer = await auth(c);
    t.clock.advance(60_000);
    const same = await heartbeat(answer.session);
    expect(same.session).toBe(answer.session);
    expect(same).not.toHaveProperty('offline');

    t.clock.advance(LOADER.sessionTtlMs / 2);
    const renewed = await heartbeat(answer.session);
    expect(renewed.session).not.toBe(answer.session);
    expect(renewed.offline).toEqual({
      token: expect.any(String) as string,
      expiresAt: new Date(t.clock.now() + 12 * HOUR).toISOString(),
    });
    expect(verifiedPayload(renewed.offline!)).toMatchObject({
      productId: c.product.id,
      subscriptionId: c.subscription.id,
      hwid: createHash('sha256').update(c.hwid).digest('hex'),
      issuedAt: new Date(t.clock.now()).toISOString(),
    });
  });
});
