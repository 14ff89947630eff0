import type { KeyObject } from 'node:crypto';
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import type {
  LoaderAuthSuccess,
  LoaderEnvelope,
  LoaderHeartbeatSuccess,
  LoaderPublicKey,
  LoaderRefusal,
  LoaderRefusalCode,
  MetricsResponse,
} from '@chaveiro/contract';
import { LOADER, LOADER_REFUSALS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode } from '../../platform/crypto/totp.js';
import type { Fixtures } from '../../testing/fixtures.js';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { Body } from '../../testing/test-client.js';

const text = messages.loader;
let t: TestApp;
let admin: TestUser;
let published: LoaderPublicKey;
let publicKey: KeyObject;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  const response = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
  published = response.json<LoaderPublicKey>();
  publicKey = createPublicKey(published.pem);
});
afterAll(() => t.close());

const newNonce = () => randomBytes(16).toString('base64url');
const newHwid = () => `PC-${randomBytes(6).toString('hex').toUpperCase()}`;

type Data<T> = T | LoaderRefusal;
interface Answer<T> {
  status: number;
  data: Data<T>;
  envelope: LoaderEnvelope<Data<T>>;
  headers: Record<string, unknown>;
}

/**
 * Asks the loader (from an address of its own unless `ip` is given) and checks what every answer
 * must carry: an X-Signature that verifies over the raw body with the published key, the method
 * and path asked, the nonce sent, the key id.
 */
async function askLoader<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: Body; headers?: Record<string, string>; ip?: string } = {},
): Promise<Answer<T>> {
  const response = await t
    .as(null, { ip: options.ip })
    .request(method, url, options.body, { headers: options.headers });
  const signature = response.headers['x-signature'];
  expect(typeof signature).toBe('string');
  expect(
    verify(null, response.rawPayload, publicKey, Buffer.from(String(signature), 'base64')),
  ).toBe(true);
  expect(response.headers['content-type']).toContain('application/json');
  const envelope = JSON.parse(response.rawPayload.toString('utf8')) as LoaderEnvelope<Data<T>>;
  expect(envelope.request).toBe(`${method} ${url.split('?')[0] ?? ''}`);
  expect(envelope.keyId).toBe(published.keyId);
  expect(envelope.issuedAt).toBe(new Date(t.clock.now()).toISOString());
  const sentNonce =
    (options.body as { nonce?: unknown } | undefined)?.nonce ??
    new URL(url, 'http://x').searchParams.get('nonce');
  if (typeof sentNonce === 'string' && /^[\w-]{16,64}$/.test(sentNonce)) {
    expect(envelope.nonce).toBe(sentNonce);
  }
  return { status: response.statusCode, data: envelope.data, envelope, headers: response.headers };
}

function expectRefusal<T>(answer: Answer<T>, code: LoaderRefusalCode): void {
  expect(answer.data).toEqual({ ok: false, code, message: text.refusals[code] });
  expect(answer.status).toBe(LOADER_REFUSALS[code]);
}

function expectOk<T>(answer: Answer<T>): T {
  expect(answer.data, JSON.stringify(answer.data)).toMatchObject({ ok: true });
  expect(answer.status).toBe(200);
  return answer.data as T;
}

function auth(body: Record<string, unknown>, ip?: string) {
  return askLoader<LoaderAuthSuccess>('POST', '/api/loader/auth', {
    body: { nonce: newNonce(), hwid: newHwid(), ...body },
    ...(ip ? { ip } : {}),
  });
}

function heartbeat(session: string) {
  return askLoader<LoaderHeartbeatSuccess>('POST', '/api/loader/heartbeat', {
    body: { session, nonce: newNonce() },
  });
}

/** A verified client with one running subscription of a new product. */
async function customer(
  sub: Parameters<Fixtures['subscription']>[2] = {},
  user: Parameters<TestApp['createUser']>[0] = {},
) {
  const account = await t.createUser(user);
  const product = await t.fixtures.product();
  const subscription = await t.fixtures.subscription(account.id, product.id, sub);
  const login = { identifier: account.username, password: account.password };
  return { account, product, subscription, login };
}

async function openSession(c: Awaited<ReturnType<typeof customer>>, hwid = newHwid()) {
  const answer = await auth({ productId: c.product.id, hwid, ...c.login });
  return { ...expectOk(answer), hwid };
}

function machinesOf(subscriptionId: string) {
  return t.database.db
    .selectFrom('machines')
    .select(['id', 'hwid', 'last_seen_at'])
    .where('subscription_id', '=', subscriptionId)
    .execute();
}

async function activityFor(target: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('activity')
    .select('action')
    .where('target', '=', target)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

async function setSetting(key: string, value: string): Promise<void> {
  const response = await t.as(admin).patch('/api/settings', { key, value });
  expect(response.statusCode).toBe(200);
}

async function onlineUsers(): Promise<number> {
  const response = await t.as(admin).get('/api/dashboard/metrics');
  expect(response.statusCode).toBe(200);
  return response.json<MetricsResponse>().onlineUsers;
}

describe('GET /api/loader/public-key', () => {
  it('publishes the raw key, its PEM and an id derived from it, cacheable and unsigned', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['x-signature']).toBeUndefined();
    const raw = Buffer.from(published.publicKey, 'base64');
    expect(raw).toHaveLength(32);
    expect(published.keyId).toBe(createHash('sha256').update(raw).digest('hex').slice(0, 16));
    expect(publicKey.export({ format: 'jwk' }).x).toBe(raw.toString('base64url'));
    expect(published.previous).toEqual([]);
  });
});

describe('POST /api/loader/auth', () => {
  it('opens a session with account credentials and binds the first HWID', async () => {
    const c = await customer({ expiresAt: t.clock.now() + 10 * DAY });
    const hwid = newHwid();

    const answer = await auth({ productId: c.product.id, hwid, ...c.login });

    const data = expectOk(answer);
    expect(data).toEqual({
      ok: true,
      session: expect.any(String) as string,
      sessionExpiresAt: new Date(t.clock.now() + LOADER.sessionTtlMs).toISOString(),
      heartbeatSeconds: 30,
      subscription: {
        id: c.subscription.id,
        product: { id: c.product.id, name: c.product.name },
        expiresAt: new Date(t.clock.now() + 10 * DAY).toISOString(),
      },
      user: { username: c.account.username },
      file: null,
      // The product allows no offline grace.
      offline: null,
    });
    expect(await machinesOf(c.subscription.id)).toEqual([
      { id: expect.any(String) as string, hwid, last_seen_at: t.clock.now() },
    ]);
  });

  it('accepts an e-mail as identifier and requires the TOTP code when 2FA is on', async () => {
    const c = await customer();
    const secret = newTotpSecret();
    await t.database.db
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled: 1 })
      .where('id', '=', c.account.id)
      .execute();
    const login = { identifier: c.account.email, password: c.account.password };

    expectRefusal(await auth({ productId: c.product.id, ...login }), 'TWO_FACTOR_REQUIRED');
    expectRefusal(
      await auth({ productId: c.product.id, ...login, totp: '000000' }),
      'INVALID_TWO_FACTOR',
    );
    const code = totpCode(secret, t.clock.now());
    expectOk(await auth({ productId: c.product.id, ...login, totp: code }));
    // A code works once.
    expectRefusal(
      await auth({ productId: c.product.id, ...login, totp: code }),
      'INVALID_TWO_FACTOR',
    );
    expect(await activityFor(`user:${c.account.id}`)).toEqual([
      expect.stringContaining(`Loader: ${text.reasons.wrongTwoFactor} — ${c.account.username}`),
      expect.stringContaining(`Loader: ${text.reasons.wrongTwoFactor} — ${c.account.username}`),
    ]);
  });

  it('accepts a 2FA recovery code in place of the TOTP code, once', async () => {
    const c = await customer();
    const profile = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: c.account.headers, payload });
    const { secret } = (await profile('/api/profile/2fa/generate')).json<{ secret: string }>();
    const enabled = await profile('/api/profile/2fa/verify', {
      token: totpCode(secret, t.clock.now()),
      currentPassword: c.account.password,
    });
    const [code = ''] = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;

    const typed = code.replace('-', '').toLowerCase();
    expectOk(await auth({ productId: c.product.id, ...c.login, totp: typed }));
    expectRefusal(
      await auth({ productId: c.product.id, ...c.login, totp: code }),
      'INVALID_TWO_FACTOR',
    );
  });

  it('refuses unknown accounts and wrong passwords, logging the attempt with the IP', async () => {
    const c = await customer();
    const hwid = newHwid();

    expectRefusal(
      await auth(
        { productId: c.product.id, hwid, identifier: 'ninguem', password: 'x' },
        '10.9.9.9',
      ),
      'INVALID_CREDENTIALS',
    );
    expectRefusal(
      await auth({ productId: c.product.id, hwid, ...c.login, password: 'errada-123' }),
      'INVALID_CREDENTIALS',
    );

    const rows = await t.database.db
      .selectFrom('activity')
      .select(['action', 'actor_id', 'ip', 'target'])
      .where('action', 'like', `%${hwid}%`)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        action: text.logFailure(text.reasons.unknownAccount, 'ninguem', hwid),
        actor_id: null,
        ip: '10.9.9.9',
        target: `hwid:${hwid}`,
      },
      {
        action: text.logFailure(text.reasons.wrongPassword, c.account.username, hwid),
        actor_id: c.account.id,
        ip: expect.any(String) as string,
        target: `user:${c.account.id}`,
      },
    ]);
    expect(await machinesOf(c.subscription.id)).toEqual([]);
  });

  it('refuses banned and unverified accounts', async () => {
    const banned = await customer({}, { status: 'banned' });
    const unverified = await customer({}, { emailVerified: false });

    expectRefusal(await auth({ productId: banned.product.id, ...banned.login }), 'ACCOUNT_BANNED');
    expectRefusal(
      await auth({ productId: unverified.product.id, ...unverified.login }),
      'EMAIL_NOT_VERIFIED',
    );
    expect(await activityFor(`user:${banned.account.id}`)).toHaveLength(1);
  });

  it('refuses a missing or disabled product, and an account without a subscription', async () => {
    const c = await customer();
    const other = await t.fixtures.product();
    const disabled = await t.fixtures.product();
    await t.database.db
      .updateTable('products')
      .set({ status: 'disabled' })
      .where('id', '=', disabled.id)
      .execute();
    await t.fixtures.subscription(c.account.id, disabled.id);

    expectRefusal(await auth({ productId: 'no-such-product', ...c.login }), 'PRODUCT_NOT_FOUND');
    expectRefusal(await auth({ productId: disabled.id, ...c.login }), 'PRODUCT_DISABLED');
    expectRefusal(await auth({ productId: other.id, ...c.login }), 'NO_SUBSCRIPTION');
  });

  it('refuses paused and expired subscriptions', async () => {
    const paused = await customer({ status: 'paused' });
    const expired = await customer({ expiresAt: t.clock.now() - 1 });

    expectRefusal(
      await auth({ productId: paused.product.id, ...paused.login }),
      'SUBSCRIPTION_PAUSED',
    );
    expectRefusal(
      await auth({ productId: expired.product.id, ...expired.login }),
      'SUBSCRIPTION_EXPIRED',
    );
  });

  it('binds up to max_devices HWIDs, then refuses a new one with HWID_MISMATCH', async () => {
    const c = await customer({ maxDevices: 2 });
    const [first, second, third] = [newHwid(), newHwid(), newHwid()];

    await openSession(c, first);
    await openSession(c, second);
    await openSession(c, first);
    const refused = await auth(
      { productId: c.product.id, hwid: third, ...c.login },
      '198.51.100.20',
    );

    expectRefusal(refused, 'HWID_MISMATCH');
    // Typed for the audit log's filter, with who, from where and the account as its target.
    expect(
      await t.database.db
        .selectFrom('activity')
        .select(['type', 'actor_id', 'ip'])
        .where('target', '=', `user:${c.account.id}`)
        .execute(),
    ).toEqual([{ type: 'loader.refused', actor_id: c.account.id, ip: '198.51.100.20' }]);
    const bound = await machinesOf(c.subscription.id);
    expect(bound.map((machine) => machine.hwid).sort()).toEqual([first, second].sort());
    expect(await activityFor(`user:${c.account.id}`)).toEqual([
      text.logFailure(text.reasons.hwidMismatch, c.account.username, third),
    ]);
  });

  it('binds exactly one of several HWIDs racing for the last slot', async () => {
    const c = await customer({ maxDevices: 1 });

    const answers = await Promise.all(
      [newHwid(), newHwid(), newHwid()].map((hwid) =>
        auth({ productId: c.product.id, hwid, ...c.login }),
      ),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403, 403]);
    expect(answers.filter((answer) => !answer.data.ok).map((answer) => answer.data)).toMatchObject([
      { code: 'HWID_MISMATCH' },
      { code: 'HWID_MISMATCH' },
    ]);
    expect(await machinesOf(c.subscription.id)).toHaveLength(1);
  });

  it('binds one HWID racing itself once', async () => {
    const c = await customer({ maxDevices: 2 });
    const hwid = newHwid();

    const answers = await Promise.all(
      [1, 2, 3].map(() => auth({ productId: c.product.id, hwid, ...c.login })),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await machinesOf(c.subscription.id)).toHaveLength(1);
  });
});

describe('POST /api/loader/auth with a licence key', () => {
  it("reopens its owner's bound machine with a redeemed key, in any case and with separators", async () => {
    const c = await customer();
    const { hwid } = await openSession(c);
    const key = await t.fixtures.key(c.product.id, { status: 'used', redeemedBy: c.account.id });
    const typed = `${key.key.slice(0, 6)}-${key.key.slice(6, 12)}-${key.key.slice(12)}`;

    const data = expectOk(await auth({ productId: c.product.id, hwid, key: typed.toLowerCase() }));

    expect(data.user).toEqual({ username: c.account.username });
    expect(data.subscription.id).toBe(c.subscription.id);
  });

  it('redeems a fresh key into the account given with it', async () => {
    const account = await t.createUser();
    const product = await t.fixtures.product();
    const key = await t.fixtures.key(product.id, { days: 7 });
    const login = { identifier: account.username, password: account.password };
    const hwid = newHwid();

    const data = expectOk(await auth({ productId: product.id, hwid, key: key.key, ...login }));

    expect(data.subscription.expiresAt).toBe(new Date(t.clock.now() + 7 * DAY).toISOString());
    const row = await t.database.db
      .selectFrom('license_keys')
      .select(['status', 'redeemed_by'])
      .where('id', '=', key.id)
      .executeTakeFirst();
    expect(row).toEqual({ status: 'used', redeemed_by: account.id });
    // Sent again, the key is already this account's: still fine, and not redeemed twice.
    const again = expectOk(await auth({ productId: product.id, hwid, key: key.key, ...login }));
    expect(again.subscription.expiresAt).toBe(data.subscription.expiresAt);
  });

  it('refuses unknown, banned, unused, foreign and other-product keys', async () => {
    const c = await customer();
    const stranger = await customer();
    const unused = await t.fixtures.key(c.product.id);
    const banned = await t.fixtures.key(c.product.id, { status: 'banned' });
    const foreign = await t.fixtures.key(c.product.id, {
      status: 'used',
      redeemedBy: stranger.account.id,
    });
    const otherProduct = await t.fixtures.key(stranger.product.id, {
      status: 'used',
      redeemedBy: c.account.id,
    });
    const productId = c.product.id;

    const hwid = newHwid();
    expectRefusal(
      await auth({ productId, key: 'ZZZZZZZZZZZZZZZZZZ', hwid }, '198.51.100.21'),
      'INVALID_KEY',
    );
    expect(
      await t.database.db
        .selectFrom('activity')
        .select(['type', 'actor_id', 'ip'])
        .where('target', '=', `hwid:${hwid}`)
        .execute(),
    ).toEqual([{ type: 'loader.refused', actor_id: null, ip: '198.51.100.21' }]);
    expectRefusal(await auth({ productId, key: banned.key }), 'INVALID_KEY');
    expectRefusal(await auth({ productId, key: unused.key }), 'KEY_NOT_REDEEMED');
    expectRefusal(await auth({ productId, key: otherProduct.key }), 'KEY_WRONG_PRODUCT');
    expectRefusal(await auth({ productId, key: foreign.key, ...c.login }), 'KEY_ALREADY_USED');
    expect(await activityFor(`user:${c.account.id}`)).toEqual([
      expect.stringContaining(
        `Loader: ${text.reasons.keyOfAnotherAccount} — ${c.account.username}`,
      ),
    ]);
  });
});

describe('POST /api/loader/heartbeat', () => {
  it('records presence, counted online until 90 s pass', async () => {
    // Every machine of earlier tests is long offline from here on.
    t.clock.advance(10 * 60_000);
    const c = await customer();
    const opened = await openSession(c);
    t.clock.advance(100_000);
    await t.app.jobs.loaderPresence.flush();
    expect(await onlineUsers()).toBe(0);

    t.clock.advance(1_000);
    const data = expectOk(await heartbeat(opened.session));
    expect(data).toEqual({
      ok: true,
      session: opened.session,
      sessionExpiresAt: opened.sessionExpiresAt,
      expiresAt: opened.subscription.expiresAt,
    });
    const seenAt = t.clock.now();
    // Written by the flusher, not by the heartbeat itself.
    expect((await machinesOf(c.subscription.id))[0]?.last_seen_at).toBeLessThan(seenAt);
    await t.app.jobs.loaderPresence.flush();
    expect((await machinesOf(c.subscription.id))[0]?.last_seen_at).toBe(seenAt);

    t.clock.advance(1_000);
    expect(await onlineUsers()).toBe(1);
    t.clock.advance(90_000);
    expect(await onlineUsers()).toBe(0);
  });

  it('keeps the session until half its lifetime has passed, then renews it', async () => {
    const opened = await openSession(await customer());
    t.clock.advance(LOADER.sessionTtlMs / 2 - 1_000);
    expect(expectOk(await heartbeat(opened.session)).session).toBe(opened.session);

    t.clock.advance(2_000);
    const renewed = expectOk(await heartbeat(opened.session));
    expect(renewed.session).not.toBe(opened.session);
    expect(renewed.sessionExpiresAt).toBe(
      new Date(t.clock.now() + LOADER.sessionTtlMs).toISOString(),
    );
    // The renewed session works on, past the first one's expiry.
    t.clock.advance(LOADER.sessionTtlMs / 2);
    expectRefusal(await heartbeat(opened.session), 'SESSION_INVALID');
    expectOk(await heartbeat(renewed.session));
  });

  it('ends the session when the account is banned', async () => {
    const c = await customer();
    const { session } = await openSession(c);
    const ban = await t.as(admin).patch(`/api/users/${c.account.id}/status`, { status: 'banned' });
    expect(ban.statusCode).toBe(200);

    expectRefusal(await heartbeat(session), 'ACCOUNT_BANNED');
    expectRefusal(await heartbeat(session), 'ACCOUNT_BANNED');
    // One log line for the session end, however often the client retries.
    expect(
      (await activityFor(`user:${c.account.id}`)).filter((line) =>
        line.startsWith('Loader: sessão encerrada'),
      ),
    ).toEqual([text.logSessionEnded(text.reasons.banned, c.account.username)]);
  });

  it('ends the session when the subscription is paused', async () => {
    const c = await customer();
    const { session } = await openSession(c);
    const pause = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/subscriptions/${c.subscription.id}/status`,
      headers: c.account.headers,
      payload: { status: 'paused' },
    });
    expect(pause.statusCode).toBe(200);

    expectRefusal(await heartbeat(session), 'SUBSCRIPTION_PAUSED');
  });

  it('ends the session when the subscription expires', async () => {
    const c = await customer({ expiresAt: t.clock.now() + 60_000 });
    const { session } = await openSession(c);
    t.clock.advance(61_000);

    expectRefusal(await heartbeat(session), 'SUBSCRIPTION_EXPIRED');
  });

  it("ends the session when the customer resets the subscription's HWID", async () => {
    const c = await customer();
    const { session, hwid } = await openSession(c);
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/user/reset-hwid',
      headers: c.account.headers,
      payload: { subscriptionId: c.subscription.id },
    });
    expect(reset.statusCode).toBe(200);

    expectRefusal(await heartbeat(session), 'HWID_RESET');
    // Authenticating again binds the machine anew.
    const again = await openSession(c, hwid);
    expectOk(await heartbeat(again.session));
  });

  it('ends the session when an admin resets the HWIDs', async () => {
    const c = await customer();
    const { session } = await openSession(c);
    const reset = await t.as(admin).patch(`/api/users/${c.account.id}/hwid`);
    expect(reset.statusCode).toBe(200);

    expectRefusal(await heartbeat(session), 'HWID_RESET');
  });

  it('ends the session when the password changes or the product is switched off', async () => {
    const c = await customer();
    const first = await openSession(c);
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/password',
      headers: c.account.headers,
      payload: { currentPassword: c.account.password, newPassword: 'outra-senha-123' },
    });
    expect(change.statusCode).toBe(200);
    expectRefusal(await heartbeat(first.session), 'SESSION_INVALID');

    const second = await openSession(
      { ...c, login: { ...c.login, password: 'outra-senha-123' } },
      first.hwid,
    );
    const off = await t.as(admin).patch(`/api/products/${c.product.id}/status`, {
      status: 'disabled',
    });
    expect(off.statusCode).toBe(200);
    expectRefusal(await heartbeat(second.session), 'PRODUCT_DISABLED');
  });

  it('ends the session when an admin removes the subscription', async () => {
    const c = await customer();
    const { session } = await openSession(c);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/subscriptions/${c.subscription.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);

    expectRefusal(await heartbeat(session), 'NO_SUBSCRIPTION');
  });

  it('ends the session during maintenance and while the server is offline', async () => {
    const c = await customer();
    const { session } = await openSession(c);

    await setSetting('maintenance_mode', 'on');
    try {
      expectRefusal(await heartbeat(session), 'MAINTENANCE');
      expectRefusal(await auth({ productId: c.product.id, ...c.login }), 'MAINTENANCE');
      // The public key stays available.
      const key = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
      expect(key.statusCode).toBe(200);
    } finally {
      await setSetting('maintenance_mode', 'off');
    }
    await setSetting('server_status', 'offline');
    try {
      expectRefusal(await heartbeat(session), 'SERVER_OFFLINE');
      expectRefusal(await auth({ productId: c.product.id, ...c.login }), 'SERVER_OFFLINE');
    } finally {
      await setSetting('server_status', 'online');
    }
    expectOk(await heartbeat(session));
  });

  it('refuses forged, malformed and expired sessions', async () => {
    const c = await customer();
    const { session } = await openSession(c);
    const [version, claims, mac] = session.split('.');
    const forged = `${version}.${claims}.${Buffer.alloc(32).toString('base64url')}`;

    expectRefusal(await heartbeat('not-a-session'), 'SESSION_INVALID');
    expectRefusal(await heartbeat(forged), 'SESSION_INVALID');
    expectRefusal(await heartbeat(`${version}.${claims}x.${mac}`), 'SESSION_INVALID');
    t.clock.advance(LOADER.sessionTtlMs);
    expectRefusal(await heartbeat(session), 'SESSION_INVALID');
  });

  it('refuses a nonce already used', async () => {
    const c = await customer();
    const { session } = await openSession(c);
    const nonce = newNonce();
    const body = { session, nonce };

    expectOk(await askLoader('POST', '/api/loader/heartbeat', { body }));
    const replay = await askLoader('POST', '/api/loader/heartbeat', { body });

    expectRefusal(replay, 'NONCE_REUSED');
    expect(replay.envelope.nonce).toBe(nonce);
  });

  it('limits heartbeats per machine, not per IP', async () => {
    const c = await customer();
    const { session } = await openSession(c);
    const other = await openSession(await customer());
    const ip = '10.200.0.1';
    const beat = (token: string) =>
      askLoader('POST', '/api/loader/heartbeat', {
        body: { session: token, nonce: newNonce() },
        ip,
      });

    for (let i = 0; i < 20; i += 1) expectOk(await beat(session));
    const limited = await beat(session);

    expectRefusal(limited, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expectOk(await beat(other.session));
  });
});

describe('calls with an invalid session', () => {
  it('are limited per IP, heartbeats and downloads together, while valid sessions pass', async () => {
    const c = await customer();
    const { session } = await openSession(c);
    const ip = '10.201.0.1';
    const invalidBeat = () =>
      askLoader('POST', '/api/loader/heartbeat', {
        body: { session: 'v1.forged.session', nonce: newNonce() },
        ip,
      });

    for (let i = 0; i < 40; i += 1) expectRefusal(await invalidBeat(), 'SESSION_INVALID');
    for (let i = 0; i < 20; i += 1) {
      const download = await askLoader(
        'GET',
        `/api/loader/download?session=x&nonce=${newNonce()}`,
        {
          ip,
        },
      );
      expectRefusal(download, 'SESSION_INVALID');
    }
    const limited = await invalidBeat();
    expectRefusal(limited, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectRefusal(
      await askLoader('GET', `/api/loader/download?nonce=${newNonce()}`, { ip }),
      'RATE_LIMITED',
    );

    // Valid sessions behind the same address are neither counted nor refused.
    const valid = await askLoader<LoaderHeartbeatSuccess>('POST', '/api/loader/heartbeat', {
      body: { session, nonce: newNonce() },
      ip,
    });
    expectOk(valid);
    // Another address is not affected.
    expectRefusal(
      await askLoader('POST', '/api/loader/heartbeat', {
        body: { session: 'v1.forged.session', nonce: newNonce() },
      }),
      'SESSION_INVALID',
    );
  });
});

describe('malformed heartbeats and downloads', () => {
  it('count toward the per-IP refusal limit, while valid sessions behind it pass', async () => {
    const { session } = await openSession(await customer());
    const ip = '10.202.0.1';

    for (let i = 0; i < 50; i += 1) {
      const noSession = await askLoader('POST', '/api/loader/heartbeat', {
        body: { nonce: newNonce() },
        ip,
      });
      expect(noSession.data).toMatchObject({ ok: false, code: 'INVALID_REQUEST' });
    }
    for (let i = 0; i < 10; i += 1) {
      const badNonce = await askLoader('GET', `/api/loader/download?session=${session}&nonce=x`, {
        ip,
      });
      expect(badNonce.data).toMatchObject({ ok: false, code: 'INVALID_REQUEST' });
    }
    const limited = await askLoader('POST', '/api/loader/heartbeat', {
      body: { nonce: newNonce() },
      ip,
    });

    expectRefusal(limited, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectOk(
      await askLoader<LoaderHeartbeatSuccess>('POST', '/api/loader/heartbeat', {
        body: { session, nonce: newNonce() },
        ip,
      }),
    );
  });
});

describe('GET /api/loader/download', () => {
  async function withFile(productId: string, bytes: Buffer) {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await t.database.db
      .insertInto('files')
      .values({
        sha256,
        mime: 'application/octet-stream',
        size: bytes.length,
        bytes,
        created_at: 0,
      })
      .execute();
    await t.database.db
      .updateTable('products')
      .set({ file_sha256: sha256, file_name: 'aim.dll', file_size: bytes.length })
      .where('id', '=', productId)
      .execute();
    return sha256;
  }

  it("streams the session's marked copy of the product's file to a live session", async () => {
    const c = await customer();
    const bytes = Buffer.concat([Buffer.from('MZ'), randomBytes(50_000)]);
    await withFile(c.product.id, bytes);
    const opened = await openSession(c);
    // No slot in this file: the mark is appended (docs/loader-protocol.md, "Marks").
    expect(opened.file).toEqual({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      size: bytes.length + 64,
      name: 'aim.dll',
      delivery: expect.any(String) as string,
      protected: false,
    });

    const byQuery = await t.app.inject({
      method: 'GET',
      url: `/api/loader/download?session=${encodeURIComponent(opened.session)}&nonce=${newNonce()}`,
    });
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/api/loader/download',
      headers: { authorization: `Bearer ${opened.session}` },
    });

    for (const response of [byQuery, byBearer]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['x-file-sha256']).toBe(opened.file?.sha256);
      expect(response.headers['x-file-size']).toBe(String(bytes.length + 64));
      expect(response.headers['x-delivery']).toBe(opened.file?.delivery);
      expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(
        opened.file?.sha256,
      );
      expect(response.rawPayload.subarray(0, bytes.length)).toEqual(bytes);
    }
  });

  it('refuses without a valid session, and when the product has no file', async () => {
    const c = await customer();
    const opened = await openSession(c);
    const nonce = newNonce();

    const none = await askLoader('GET', `/api/loader/download?nonce=${nonce}`);
    expectRefusal(none, 'SESSION_INVALID');
    expect(none.envelope.nonce).toBe(nonce);
    expectRefusal(await askLoader('GET', '/api/loader/download?session=v1.x.y'), 'SESSION_INVALID');
    expectRefusal(
      await askLoader('GET', `/api/loader/download?session=${encodeURIComponent(opened.session)}`),
      'NO_FILE',
    );

    await withFile(c.product.id, Buffer.from('MZ-other-bytes'));
    await t.as(admin).patch(`/api/users/${c.account.id}/hwid`);
    expectRefusal(
      await askLoader('GET', `/api/loader/download?session=${encodeURIComponent(opened.session)}`),
      'HWID_RESET',
    );
  });
});

describe('every loader answer is a signed envelope', () => {
  it('answers validation errors with INVALID_REQUEST, echoing a well-formed nonce', async () => {
    const nonce = newNonce();

    const badHwid = await askLoader('POST', '/api/loader/auth', {
      body: { productId: 'p', hwid: 'x', nonce, key: 'ABCDEFGHIJKLMNOPQR' },
    });
    expect(badHwid.status).toBe(400);
    expect(badHwid.data).toEqual({ ok: false, code: 'INVALID_REQUEST', message: text.hwidInvalid });
    expect(badHwid.envelope.nonce).toBe(nonce);

    const noCredentials = await askLoader('POST', '/api/loader/auth', {
      body: { productId: 'p', hwid: newHwid(), nonce: newNonce() },
    });
    expect(noCredentials.data).toEqual({
      ok: false,
      code: 'INVALID_REQUEST',
      message: text.credentialsRequired,
    });

    const noNonce = await askLoader('POST', '/api/loader/heartbeat', { body: { session: 'x' } });
    expect(noNonce.status).toBe(400);
    expect(noNonce.envelope.nonce).toBeNull();

    const extra = await askLoader('POST', '/api/loader/heartbeat', {
      body: { session: 'x', nonce: newNonce(), admin: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.data).toMatchObject({ ok: false, code: 'INVALID_REQUEST' });
  });

  it('answers malformed JSON and unknown loader paths with a signed refusal', async () => {
    const malformed = await askLoader('POST', '/api/loader/heartbeat', {
      body: '{"session":',
      headers: { 'content-type': 'application/json' },
    });
    expectRefusal(malformed, 'INVALID_REQUEST');

    const unknown = await askLoader('GET', '/api/loader/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ ok: false, code: 'INVALID_REQUEST' });
  });

  it('answers an unexpected failure with a signed INTERNAL_ERROR and no details', async () => {
    const broken = await createTestApp();
    try {
      const key = await broken.app.inject({ method: 'GET', url: '/api/loader/public-key' });
      await broken.database.destroy();

      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/loader/heartbeat',
        payload: { session: 'x', nonce: newNonce() },
      });

      expect(response.statusCode).toBe(500);
      const signature = Buffer.from(String(response.headers['x-signature']), 'base64');
      const pem = key.json<LoaderPublicKey>().pem;
      expect(verify(null, response.rawPayload, createPublicKey(pem), signature)).toBe(true);
      expect(response.json<LoaderEnvelope<LoaderRefusal>>().data).toEqual({
        ok: false,
        code: 'INTERNAL_ERROR',
        message: text.refusals.INTERNAL_ERROR,
      });
    } finally {
      await broken.close();
    }
  });

  it('limits authentication per HWID', async () => {
    const hwid = newHwid();
    const attempt = () =>
      auth({ productId: 'p', hwid, key: 'ZZZZZZZZZZZZZZZZZZ' }).then((answer) => answer.data);

    for (let i = 0; i < 20; i += 1) expect(await attempt()).toMatchObject({ code: 'INVALID_KEY' });

    expect(await attempt()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
