import type { KeyObject } from 'node:crypto';
import { createHash, createHmac, randomBytes, verify } from 'node:crypto';
import type { LoaderPublicKey, MetricsResponse } from '@chaveiro/contract';
import { TIMING, blacklistedHwidForm, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { DAY } from '../../testing/fixtures.js';
import { newTotpSecret, totpCode } from '../../platform/crypto/totp.js';
import type { KeyAuthAppCredentials } from './testing/keyauth-app.js';
import { insertKeyAuthApp, insertProductFile, publicKeyFromHex } from './testing/keyauth-app.js';

// What the SDKs read, cited by file and function (the stored copies' line numbers are not
// stable across their many versions; each quote can be searched in the file):
// - C++ KeyAuth/keyauth-cpp-library auth.cpp@2d86db04: every signed call exits unless
//   `json["ownerid"] == ownerid` (exit 8) and, on success, `json["code"] == 68` (exit 9), after
//   `hasher(json["code"])` converted `code` to an int on every answer (a missing one throws);
//   VerifyPayload exits when `current_unix_time - unix_timestamp > 20` and verifies
//   `crypto_sign_ed25519_verify_detached` over `timestamp + body` with the pinned hex key.
// - C++ auth.hpp@10907859 load_user_data/load_app_data: `username, ip, createdate, lastlogin`,
//   `subscriptions[i].subscription/.expiry`, appinfo `numUsers, numOnlineUsers, numKeys,
//   version, customerPanelLink` assigned to std::string (JSON strings only).
// - C# KeyAuth/KeyAuth-CSHARP-Example Console/KeyAuth.cs sigCheck: `Encoding.Default.GetBytes(
//   timestamp + resp)` (ASCII only survives every code page), `TotalSeconds > 20`.
// - Python KeyAuth/KeyAuth-Python-Example keyauth.py: `json["message"] == "invalidver"` then
//   `json["download"]`, `json["sessionid"]`, __load_user_data `data["subscriptions"][0]["expiry"]`.
// - PHP KeyAuth/KeyAuth-Source-Code api/1.2/index.php: the 1.2 `signature` header,
//   `hash_hmac('sha256', $response, $secret)` for init, `$enckey` ("<enckey>-<secret>") after.

const text = messages.keyauthProtocol;
const refusals = messages.loader.refusals;
let t: TestApp;
let admin: TestUser;
let publicKeyHex: string;
let publicKey: KeyObject;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  const published = (
    await t.app.inject({ method: 'GET', url: '/api/loader/public-key' })
  ).json<LoaderPublicKey>();
  // What the seller pins: the raw 32-byte key in hex, nothing else.
  publicKeyHex = Buffer.from(published.publicKey, 'base64').toString('hex');
  publicKey = publicKeyFromHex(publicKeyHex);
});
afterAll(() => t.close());

const newHwid = () => `S-1-5-21-${randomBytes(6).toString('hex')}-1001`;

interface Answer {
  status: number;
  body: string;
  json: Record<string, unknown>;
  headers: Record<string, unknown>;
}

/** A KeyAuth call as the SDKs make it: a urlencoded form POST (or a 1.2 GET). */
async function raw(
  version: '1.2' | '1.3',
  fields: Record<string, string> | string,
  options: { ip?: string; method?: 'GET' | 'POST'; contentType?: string; path?: string } = {},
) {
  const form = typeof fields === 'string' ? fields : new URLSearchParams(fields).toString();
  const client = t.as(null, { ip: options.ip });
  const path = options.path ?? `/api/${version}/`;
  if (options.method === 'GET') return client.get(`${path}?${form}`);
  return client.post(path, form, {
    headers: { 'content-type': options.contentType ?? 'application/x-www-form-urlencoded' },
  });
}

/**
 * A 1.3 call, checked as the C++ SDK's VerifyPayload and the C# sigCheck do: the Ed25519
 * signature of timestamp + body verifies with the pinned hex key, the timestamp is within 20 s,
 * the body is ASCII, it names the ownerid sent and carries a numeric code, 68 on success.
 */
async function call13(
  fields: Record<string, string> | string,
  options: Parameters<typeof raw>[2] = {},
): Promise<Answer> {
  const response = await raw('1.3', fields, options);
  expect(response.statusCode).toBe(200);
  const body = response.rawPayload.toString('latin1');
  expect(body).toMatch(/^[\x20-\x7e]*$/);
  const timestamp = String(response.headers['x-signature-timestamp']);
  expect(timestamp).toMatch(/^\d+$/);
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThanOrEqual(20);
  const signature = Buffer.from(String(response.headers['x-signature-ed25519']), 'hex');
  expect(verify(null, Buffer.from(timestamp + body), publicKey, signature)).toBe(true);
  const json = JSON.parse(body) as Record<string, unknown>;
  const sent =
    typeof fields === 'string' ? new URLSearchParams(fields).get('ownerid') : fields.ownerid;
  expect(json.ownerid).toBe(sent ?? '');
  expect(json.code).toBe(json.success === true ? 68 : 0);
  return { status: response.statusCode, body, json, headers: response.headers };
}

function base(app: KeyAuthAppCredentials) {
  return { name: app.name, ownerid: app.ownerId };
}

async function init(app: KeyAuthAppCredentials, extra: Record<string, string> = {}) {
  const answer = await call13({
    type: 'init',
    ver: app.version,
    hash: 'abc',
    ...base(app),
    ...extra,
  });
  expect(answer.json, answer.body).toMatchObject({ success: true });
  return String(answer.json.sessionid);
}

/** A product with the compatibility on, its app, and an unused key of it. */
async function product(keyDays = 30) {
  const p = await t.fixtures.product();
  const app = await insertKeyAuthApp(t.database.db, p.id, { now: t.clock.now() });
  const key = await t.fixtures.key(p.id, { days: keyDays });
  return { product: p, app, key };
}

/** A session logged in with `license` on a new product's key. */
async function licensed(hwid = newHwid()) {
  const setup = await product();
  const sessionid = await init(setup.app);
  const answer = await call13({
    type: 'license',
    key: setup.key.key,
    hwid,
    sessionid,
    ...base(setup.app),
  });
  expect(answer.json, answer.body).toMatchObject({ success: true });
  return { ...setup, sessionid, hwid, answer };
}

/** The activity log's lines of one type. */
async function activityOf(type: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('activity')
    .select('action')
    .where('type', '=', type)
    .execute();
  return rows.map((row) => row.action);
}

async function setSetting(key: string, value: string): Promise<void> {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: admin.headers,
    payload: { key, value },
  });
  expect(response.statusCode).toBe(200);
}

describe('KeyAuth app lookup and the protocol’s own checks', () => {
  it('answers plain KeyAuth_Invalid, unsigned, for an app that is unknown or switched off', async () => {
    const { app } = await product();
    for (const fields of [
      { type: 'init', name: 'Nenhum', ownerid: 'abcdefghij' },
      { type: 'init', ...base(app), name: `${app.name}x` },
    ]) {
      const response = await raw('1.3', fields);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('KeyAuth_Invalid');
      expect(response.headers['x-signature-ed25519']).toBeUndefined();
    }
    await t.database.db
      .updateTable('keyauth_apps')
      .set({ enabled: 0 })
      .where('product_id', '=', app.productId)
      .execute();
    expect((await raw('1.3', { type: 'init', ...base(app) })).body).toBe('KeyAuth_Invalid');
  });

  it.each([
    ['no ownerid', { type: 'init', name: 'App' }, text.noOwnerId],
    ['no app name', { type: 'init', ownerid: 'abcdefghij' }, text.noAppName],
    [
      'an ownerid not 10 characters long',
      { type: 'init', name: 'App', ownerid: 'abc' },
      text.ownerIdLength,
    ],
  ])('refuses %s with KeyAuth’s message, signed', async (_what, fields, message) => {
    const answer = await call13(fields);
    const sent: Record<string, string> = fields;
    expect(answer.json).toEqual({ success: false, message, code: 0, ownerid: sent.ownerid ?? '' });
  });

  it('answers an unknown type with the not-found message, signed', async () => {
    const { app } = await product();
    const answer = await call13({ type: 'chatget', ...base(app), sessionid: await init(app) });
    expect(answer.json).toMatchObject({ success: false, message: text.unknownType });
  });
});

describe('init', () => {
  it('opens a session and answers appinfo as strings, with the SDKs’ fields', async () => {
    const { app } = await product();
    const answer = await call13({ type: 'init', ver: app.version, hash: 'x', ...base(app) });
    expect(answer.json).toEqual({
      success: true,
      message: 'Initialized',
      sessionid: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
      appinfo: {
        numUsers: '0',
        numOnlineUsers: '0',
        numKeys: '1',
        version: app.version,
        customerPanelLink: `${t.config.publicUrl}/dashboard`,
      },
      newSession: true,
      nonce: expect.any(String) as string,
      code: 68,
      ownerid: app.ownerId,
    });
    const row = await t.database.db
      .selectFrom('keyauth_sessions')
      .selectAll()
      .where('id', '=', String(answer.json.sessionid))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product_id: app.productId, validated_at: null, enckey: null });
  });

  it('signs timestamp + body: another timestamp or one changed byte no longer verifies', async () => {
    const { app } = await product();
    const answer = await call13({ type: 'init', ver: app.version, ...base(app) });
    const signature = Buffer.from(String(answer.headers['x-signature-ed25519']), 'hex');
    const timestamp = String(answer.headers['x-signature-timestamp']);
    const verifies = (message: string) => verify(null, Buffer.from(message), publicKey, signature);
    expect(verifies(timestamp + answer.body)).toBe(true);
    expect(verifies(String(Number(timestamp) - 1) + answer.body)).toBe(false);
    expect(verifies(timestamp + answer.body.replace('"success":true', '"success":false'))).toBe(
      false,
    );
    expect(verifies(answer.body)).toBe(false);
  });

  it('answers invalidver with the download link to another version, and "" without one', async () => {
    const { app } = await product();
    const answer = await call13({ type: 'init', ver: '0.9', ...base(app) });
    expect(answer.json).toMatchObject({
      success: false,
      message: 'invalidver',
      download: 'https://example.com/novo.exe',
    });
    await t.database.db
      .updateTable('keyauth_apps')
      .set({ download_url: null })
      .where('product_id', '=', app.productId)
      .execute();
    expect((await call13({ type: 'init', ver: '0.9', ...base(app) })).json).toMatchObject({
      download: '',
    });
  });

  it('refuses with our pt-BR message in maintenance, offline, and for a product switched off', async () => {
    const { app, product: p } = await product();
    const sessionid = await init(app);
    await setSetting('maintenance_mode', 'on');
    try {
      // Every type, as our loader refuses every call.
      expect((await call13({ type: 'fetchStats', sessionid, ...base(app) })).json).toMatchObject({
        success: false,
        message: refusals.MAINTENANCE,
      });
      expect((await call13({ type: 'init', ...base(app) })).json).toMatchObject({
        success: false,
        message: refusals.MAINTENANCE,
      });
    } finally {
      await setSetting('maintenance_mode', 'off');
    }
    await setSetting('server_status', 'offline');
    try {
      expect((await call13({ type: 'init', ...base(app) })).json).toMatchObject({
        success: false,
        message: refusals.SERVER_OFFLINE,
      });
    } finally {
      await setSetting('server_status', 'online');
    }
    await t.database.db
      .updateTable('products')
      .set({ status: 'disabled' })
      .where('id', '=', p.id)
      .execute();
    expect((await call13({ type: 'init', ...base(app) })).json).toMatchObject({
      success: false,
      message: refusals.PRODUCT_DISABLED,
    });
  });
});

describe('license', () => {
  it('redeems an unused key into a new account named by the key, with no e-mail, and answers info', async () => {
    const { key, answer, hwid, app } = await licensed();
    const account = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', key.key)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      email: null,
      email_verified_at: expect.any(Number) as number,
      role: 'client',
    });
    const used = await t.database.db
      .selectFrom('license_keys')
      .select(['status', 'redeemed_by'])
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(used).toEqual({ status: 'used', redeemed_by: account.id });
    const now = Math.floor(t.clock.now() / 1000);
    expect(answer.json).toMatchObject({ success: true, message: text.loggedIn });
    expect(answer.json.message).not.toBe('Initialized');
    // Every value a string: the C++ SDK assigns them to std::string.
    expect(answer.json.info).toEqual({
      username: key.key,
      ip: expect.any(String) as string,
      hwid,
      createdate: String(now),
      lastlogin: String(now),
      subscriptions: [
        {
          subscription: expect.any(String) as string,
          key: key.key,
          expiry: String(now + 30 * 86_400),
          timeleft: String(30 * 86_400),
          level: '1',
        },
      ],
    });
    const session = await t.database.db
      .selectFrom('keyauth_sessions')
      .selectAll()
      .where('product_id', '=', app.productId)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      user_id: account.id,
      validated_at: t.clock.now(),
      token_version: 0,
    });
  });

  it('finds an imported key whose letters would also read as one of ours (18 without dashes)', async () => {
    const setup = await product();
    const imported = 'ABCDEF-GHIJKL-MNOPQR';
    await t.database.db
      .updateTable('license_keys')
      .set({ key: imported })
      .where('id', '=', setup.key.id)
      .execute();
    const answer = await call13({
      type: 'license',
      key: imported,
      hwid: newHwid(),
      sessionid: await init(setup.app),
      ...base(setup.app),
    });
    expect(answer.json, answer.body).toMatchObject({
      success: true,
      info: { username: imported, subscriptions: [{ key: imported }] },
    });
  });

  it('redeems an imported KeyAuth key of 41 characters into an account named by it', async () => {
    const setup = await product();
    // KeyAuth's default mask (******-******-…): longer than a username a person picks.
    const keyauthKey = 'AbC123-dEf456-GhI789-jKl012-MnO345-pQr678';
    await t.database.db
      .updateTable('license_keys')
      .set({ key: keyauthKey })
      .where('id', '=', setup.key.id)
      .execute();
    const answer = await call13({
      type: 'license',
      key: keyauthKey,
      hwid: newHwid(),
      sessionid: await init(setup.app),
      ...base(setup.app),
    });
    expect(answer.json, answer.body).toMatchObject({
      success: true,
      info: { username: keyauthKey, subscriptions: [{ key: keyauthKey }] },
    });
  });

  it('logs the key’s account in again on its machine, and binds a second machine only while a slot is free', async () => {
    const first = await licensed();
    const again = await call13({
      type: 'license',
      key: first.key.key,
      hwid: first.hwid,
      sessionid: await init(first.app),
      ...base(first.app),
    });
    expect(again.json).toMatchObject({ success: true });
    // One device slot, taken: another machine is refused as our loader refuses it.
    const other = await call13({
      type: 'license',
      key: first.key.key,
      hwid: newHwid(),
      sessionid: await init(first.app),
      ...base(first.app),
    });
    expect(other.json).toMatchObject({ success: false, message: refusals.HWID_MISMATCH });
    await t.database.db.updateTable('subscriptions').set({ max_devices: 2 }).execute();
    const freed = await call13({
      type: 'license',
      key: first.key.key,
      hwid: newHwid(),
      sessionid: await init(first.app),
      ...base(first.app),
    });
    expect(freed.json).toMatchObject({ success: true });
  });

  it('refuses an unknown key, a key of another product, a paused and an expired subscription', async () => {
    const { app, product: p } = await product();
    const sessionid = await init(app);
    const license = (key: string, hwid = newHwid()) =>
      call13({ type: 'license', key, hwid, sessionid, ...base(app) });
    expect((await license('NAOEXISTE')).json).toMatchObject({
      success: false,
      message: refusals.INVALID_KEY,
    });
    const elsewhere = await t.fixtures.key((await t.fixtures.product()).id);
    expect((await license(elsewhere.key)).json).toMatchObject({
      success: false,
      message: refusals.KEY_WRONG_PRODUCT,
    });

    const paused = await t.createUser();
    const pausedSub = await t.fixtures.subscription(paused.id, p.id, { status: 'paused' });
    const pausedKey = await t.fixtures.key(p.id, { status: 'used', redeemedBy: paused.id });
    expect((await license(pausedKey.key)).json).toMatchObject({
      success: false,
      message: refusals.SUBSCRIPTION_PAUSED,
    });
    expect(pausedSub.id).toBeTruthy();

    const expired = await t.createUser();
    await t.fixtures.subscription(expired.id, p.id, { expiresAt: t.clock.now() - DAY });
    const expiredKey = await t.fixtures.key(p.id, { status: 'used', redeemedBy: expired.id });
    expect((await license(expiredKey.key)).json).toMatchObject({
      success: false,
      message: refusals.SUBSCRIPTION_EXPIRED,
    });
  });

  it('asks for the 2FA code in `code` when the key is the account’s credential, as a password login would', async () => {
    const first = await licensed();
    const secret = newTotpSecret();
    await t.database.db
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled: 1 })
      .where('username', '=', first.key.key)
      .execute();
    const license = async (code?: string) =>
      (
        await call13({
          type: 'license',
          key: first.key.key,
          hwid: first.hwid,
          sessionid: await init(first.app),
          ...base(first.app),
          ...(code !== undefined && { code }),
        })
      ).json;
    expect(await license()).toMatchObject({
      success: false,
      message: refusals.TWO_FACTOR_REQUIRED,
    });
    expect(await license('000000')).toMatchObject({
      success: false,
      message: refusals.INVALID_TWO_FACTOR,
    });
    expect(await license(totpCode(secret, t.clock.now()))).toMatchObject({ success: true });
  });

  it('refuses a missing HWID and a key longer than KeyAuth’s 70 characters', async () => {
    const { app, key } = await product();
    const sessionid = await init(app);
    expect(
      (await call13({ type: 'license', key: key.key, sessionid, ...base(app) })).json,
    ).toMatchObject({ success: false, message: text.fieldRequired('hwid') });
    expect(
      (
        await call13({
          type: 'license',
          key: 'K'.repeat(71),
          hwid: newHwid(),
          sessionid,
          ...base(app),
        })
      ).json,
    ).toMatchObject({ success: false, message: text.keyTooLong });
  });
});

describe('login, register, upgrade', () => {
  it('logs an account in with username and password, binding the machine, and refuses a wrong password', async () => {
    const { app, product: p } = await product();
    const user = await t.createUser();
    await t.fixtures.subscription(user.id, p.id);
    const sessionid = await init(app);
    const hwid = newHwid();
    const ok = await call13({
      type: 'login',
      username: user.username,
      pass: user.password,
      hwid,
      sessionid,
      ...base(app),
    });
    expect(ok.json).toMatchObject({
      success: true,
      message: text.loggedIn,
      info: { username: user.username, hwid },
    });
    const wrong = await call13({
      type: 'login',
      username: user.username,
      pass: 'errada-123456',
      hwid,
      sessionid: await init(app),
      ...base(app),
    });
    expect(wrong.json).toMatchObject({ success: false, message: refusals.INVALID_CREDENTIALS });
  });

  it('asks for the 2FA code in `code`, refuses a wrong one and accepts the current one', async () => {
    const { app, product: p } = await product();
    const user = await t.createUser();
    await t.fixtures.subscription(user.id, p.id);
    const secret = newTotpSecret();
    await t.database.db
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled: 1 })
      .where('id', '=', user.id)
      .execute();
    const login = async (code?: string) =>
      (
        await call13({
          type: 'login',
          username: user.username,
          pass: user.password,
          hwid: newHwid(),
          sessionid: await init(app),
          ...base(app),
          ...(code !== undefined && { code }),
        })
      ).json;
    expect(await login()).toMatchObject({ success: false, message: refusals.TWO_FACTOR_REQUIRED });
    expect(await login('000000')).toMatchObject({
      success: false,
      message: refusals.INVALID_TWO_FACTOR,
    });
    expect(await login(totpCode(secret, t.clock.now()))).toMatchObject({ success: true });
  });

  it('refuses an account whose e-mail is not confirmed', async () => {
    const { app, product: p } = await product();
    const user = await t.createUser({ emailVerified: false });
    await t.fixtures.subscription(user.id, p.id);
    const answer = await call13({
      type: 'login',
      username: user.username,
      pass: user.password,
      hwid: newHwid(),
      sessionid: await init(app),
      ...base(app),
    });
    expect(answer.json).toMatchObject({ success: false, message: refusals.EMAIL_NOT_VERIFIED });
  });

  it('two licence calls racing with one unused key make one account and both log into it', async () => {
    const { app, key } = await product();
    const hwid = newHwid();
    const [a, b] = await Promise.all(
      [await init(app), await init(app)].map((sessionid) =>
        call13({ type: 'license', key: key.key, hwid, sessionid, ...base(app) }),
      ),
    );
    expect([a?.json.success, b?.json.success]).toEqual([true, true]);
    const accounts = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', key.key)
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('registers an account without e-mail, redeeming the key, and refuses a taken or invalid username', async () => {
    const { app, key } = await product();
    const sessionid = await init(app);
    const hwid = newHwid();
    const username = `kau_${randomBytes(3).toString('hex')}`;
    const answer = await call13({
      type: 'register',
      username,
      pass: 'senha-forte-123',
      key: key.key,
      hwid,
      email: 'x@example.com',
      sessionid,
      ...base(app),
    });
    expect(answer.json).toMatchObject({
      success: true,
      message: text.loggedIn,
      info: { username, hwid },
    });
    const row = await t.database.db
      .selectFrom('users')
      .select(['email', 'email_verified_at'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: null, email_verified_at: expect.any(Number) as number });
    // The account logs in with that password afterwards.
    const login = await call13({
      type: 'login',
      username,
      pass: 'senha-forte-123',
      hwid,
      sessionid: await init(app),
      ...base(app),
    });
    expect(login.json).toMatchObject({ success: true });

    const other = await t.fixtures.key(app.productId);
    const taken = await call13({
      type: 'register',
      username,
      pass: 'senha-forte-123',
      key: other.key,
      hwid: newHwid(),
      sessionid: await init(app),
      ...base(app),
    });
    expect(taken.json).toMatchObject({ success: false, message: messages.auth.usernameTaken });
    const short = await call13({
      type: 'register',
      username: 'ab',
      pass: 'senha-forte-123',
      key: other.key,
      hwid: newHwid(),
      sessionid: await init(app),
      ...base(app),
    });
    expect(short.json).toMatchObject({ success: false, message: messages.validation.usernameMin });
    const used = await call13({
      type: 'register',
      username: `${username}2`,
      pass: 'senha-forte-123',
      key: key.key,
      hwid: newHwid(),
      sessionid: await init(app),
      ...base(app),
    });
    expect(used.json).toMatchObject({ success: false, message: refusals.KEY_ALREADY_USED });
  });

  it('upgrade redeems an unused key into the named account and refuses a used one', async () => {
    const { app, product: p } = await product();
    const user = await t.createUser();
    const sub = await t.fixtures.subscription(user.id, p.id, { expiresAt: t.clock.now() + DAY });
    const extra = await t.fixtures.key(p.id, { days: 10 });
    const sessionid = await init(app);
    const answer = await call13({
      type: 'upgrade',
      username: user.username,
      key: extra.key,
      sessionid,
      ...base(app),
    });
    expect(answer.json).toMatchObject({ success: true, message: text.upgraded });
    const row = await t.fixtures.subscriptionRow(sub.id);
    expect(Number(row?.expires_at)).toBe(t.clock.now() + 11 * DAY);
    const again = await call13({
      type: 'upgrade',
      username: user.username,
      key: extra.key,
      sessionid,
      ...base(app),
    });
    expect(again.json).toMatchObject({ success: false, message: refusals.KEY_ALREADY_USED });
    const unused = await t.fixtures.key(p.id);
    const nobody = await call13({
      type: 'upgrade',
      username: 'ninguem_aqui',
      key: unused.key,
      sessionid,
      ...base(app),
    });
    expect(nobody.json).toMatchObject({ success: false, message: text.usernameNotFound });
  });
});

describe('a validated session: check, var, file, log, stats, online, logout', () => {
  async function onlineUsers(): Promise<number> {
    await t.app.jobs.loaderPresence.flush();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/metrics',
      headers: admin.headers,
    });
    return response.json<MetricsResponse>().onlineUsers;
  }

  it('check is a heartbeat: it marks the machine seen (Usuários Online) and extends the session', async () => {
    const s = await licensed();
    t.clock.advance(TIMING.onlineWindowMs + 1000);
    const before = await onlineUsers();
    const checkedAt = t.clock.now();
    const answer = await call13(
      { type: 'check', sessionid: s.sessionid, ...base(s.app) },
      { path: '/api/1.3?check_paid=1' },
    );
    expect(answer.json).toMatchObject({ success: true, message: text.sessionValidated });
    // The metric cards are recomputed once a second (app clock).
    t.clock.advance(1000);
    expect(await onlineUsers()).toBe(before + 1);
    const row = await t.database.db
      .selectFrom('keyauth_sessions')
      .select('expires_at')
      .where('id', '=', s.sessionid)
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at)).toBe(checkedAt + 6 * 60 * 60 * 1000);
  });

  it('check refuses a session not logged in, an unknown one, and ends with the account’s ban', async () => {
    const s = await licensed();
    const open = await init(s.app);
    expect((await call13({ type: 'check', sessionid: open, ...base(s.app) })).json).toMatchObject({
      success: false,
      message: text.sessionNotValidated,
    });
    expect((await call13({ type: 'check', sessionid: 'nope', ...base(s.app) })).json).toMatchObject(
      { success: false, message: text.sessionNotFound },
    );
    await t.database.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('username', '=', s.key.key)
      .execute();
    expect(
      (await call13({ type: 'check', sessionid: s.sessionid, ...base(s.app) })).json,
    ).toMatchObject({ success: false, message: refusals.ACCOUNT_BANNED });
  });

  it('check ends the session as our heartbeat does: HWID reset, token_version raised, product off', async () => {
    const reset = await licensed();
    await t.database.db.deleteFrom('machines').where('hwid', '=', reset.hwid).execute();
    expect(
      (await call13({ type: 'check', sessionid: reset.sessionid, ...base(reset.app) })).json,
    ).toMatchObject({ success: false, message: refusals.HWID_RESET });

    const revoked = await licensed();
    await t.database.db
      .updateTable('users')
      .set({ token_version: 5 })
      .where('username', '=', revoked.key.key)
      .execute();
    expect(
      (await call13({ type: 'check', sessionid: revoked.sessionid, ...base(revoked.app) })).json,
    ).toMatchObject({ success: false, message: refusals.SESSION_INVALID });

    const off = await licensed();
    await t.database.db
      .updateTable('products')
      .set({ status: 'disabled' })
      .where('id', '=', off.app.productId)
      .execute();
    expect(
      (await call13({ type: 'check', sessionid: off.sessionid, ...base(off.app) })).json,
    ).toMatchObject({ success: false, message: refusals.PRODUCT_DISABLED });
  });

  it('var serves the product’s variable to a validated session only', async () => {
    const s = await licensed();
    await t.database.db
      .insertInto('product_variables')
      .values({
        product_id: s.app.productId,
        name: 'versao',
        value: 'Atualização 2 — ok',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const answer = await call13({
      type: 'var',
      varid: 'versao',
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(answer.json).toMatchObject({ success: true, message: 'Atualização 2 — ok' });
    // Escaped as \uXXXX: the body stays ASCII.
    expect(answer.body).toContain('Atualiza\\u00e7\\u00e3o 2 \\u2014 ok');
    expect(
      (await call13({ type: 'var', varid: 'outra', sessionid: s.sessionid, ...base(s.app) })).json,
    ).toMatchObject({ success: false, message: text.variableNotFound });
    const open = await init(s.app);
    expect(
      (await call13({ type: 'var', varid: 'versao', sessionid: open, ...base(s.app) })).json,
    ).toMatchObject({ success: false, message: text.sessionNotValidated });
  });

  it('file serves a marked copy of the product file as hex, whatever the fileid', async () => {
    const s = await licensed();
    const bytes = Buffer.concat([Buffer.from('MZ'), randomBytes(4096)]);
    await insertProductFile(t.database.db, s.app.productId, bytes);
    const answer = await call13({
      type: 'file',
      fileid: '385624',
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(answer.json).toMatchObject({ success: true });
    // The file, then its delivery's 64-byte mark (no slot declared in it).
    const contents = Buffer.from((answer.json as { contents: string }).contents, 'hex');
    expect(contents).toHaveLength(bytes.length + 64);
    expect(contents.subarray(0, bytes.length)).toEqual(bytes);
    expect(contents.subarray(bytes.length, bytes.length + 8).toString()).toBe('CHVMARK1');
    const delivery = await t.database.db
      .selectFrom('deliveries')
      .select(['product_id', 'mark_kind', 'session_key', 'downloads'])
      .where('marked_sha256', '=', createHash('sha256').update(contents).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({
      product_id: s.app.productId,
      mark_kind: 'trailer',
      // Plain: sealed to no session key.
      session_key: null,
      downloads: 1,
    });
  });

  it('file is refused where the product delivers only sealed copies', async () => {
    const s = await licensed();
    await insertProductFile(t.database.db, s.app.productId, Buffer.from('MZ-protected'));
    await t.database.db
      .updateTable('products')
      .set({ protected_delivery: 1 })
      .where('id', '=', s.app.productId)
      .execute();
    const answer = await call13({
      type: 'file',
      fileid: '1',
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(answer.json).toMatchObject({
      success: false,
      message: refusals.SESSION_KEY_REQUIRED,
    });
  });

  it('file answers our NO_FILE message for a product without a file', async () => {
    const s = await licensed();
    const answer = await call13({
      type: 'file',
      fileid: '1',
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(answer.json).toMatchObject({ success: false, message: refusals.NO_FILE });
  });

  it('log writes a bounded line to the activity log', async () => {
    const s = await licensed();
    const answer = await call13({
      type: 'log',
      pcuser: 'joao-pc',
      message: 'abriu o menu',
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(answer.json).toMatchObject({ success: true, message: text.logged });
    expect(await activityOf('loader.log')).toContain(
      text.logLine(s.key.key, 'joao-pc', 'abriu o menu'),
    );
    const long = await call13({
      type: 'log',
      pcuser: 'pc',
      message: 'x'.repeat(276),
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(long.json).toMatchObject({ success: false, message: text.logTooLong });
  });

  it('fetchStats and fetchOnline count the product’s accounts, keys and online users (masked)', async () => {
    const s = await licensed();
    const stats = await call13({ type: 'fetchStats', sessionid: s.sessionid, ...base(s.app) });
    expect(stats.json).toMatchObject({
      success: true,
      appinfo: { numUsers: '1', numKeys: '1', numOnlineUsers: '1', version: '1.0' },
    });
    const online = await call13({ type: 'fetchOnline', sessionid: s.sessionid, ...base(s.app) });
    // Named by its key: only the key's first 4 characters show.
    const masked = s.key.key.slice(0, 4) + '*'.repeat(s.key.key.length - 4);
    expect(online.json).toMatchObject({ success: true, users: [{ credential: masked }] });
    t.clock.advance(TIMING.onlineWindowMs + 1000);
    expect(
      (await call13({ type: 'fetchOnline', sessionid: s.sessionid, ...base(s.app) })).json,
    ).toMatchObject({ success: false, message: text.noOnlineUsers });
  });

  it('logout ends the session: its next call is refused as not found', async () => {
    const s = await licensed();
    expect(
      (await call13({ type: 'logout', sessionid: s.sessionid, ...base(s.app) })).json,
    ).toMatchObject({ success: true, message: text.loggedOut });
    expect(
      (await call13({ type: 'check', sessionid: s.sessionid, ...base(s.app) })).json,
    ).toMatchObject({ success: false, message: text.sessionNotFound });
  });

  it('changeUsername refuses a taken name, and ban and changeUsername need a logged-in session', async () => {
    const s = await licensed();
    const other = await t.createUser();
    const taken = await call13({
      type: 'changeUsername',
      newUsername: other.username,
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(taken.json).toMatchObject({ success: false, message: messages.auth.usernameTaken });
    const open = await init(s.app);
    for (const type of ['ban', 'changeUsername', 'file']) {
      const answer = await call13({
        type,
        newUsername: 'qualquer_um',
        sessionid: open,
        ...base(s.app),
      });
      expect(answer.json).toMatchObject({ success: false, message: text.sessionNotValidated });
    }
  });

  it('changeUsername renames the account as the site does and ends the session', async () => {
    const s = await licensed();
    const username = `novo_${randomBytes(3).toString('hex')}`;
    const answer = await call13({
      type: 'changeUsername',
      newUsername: username,
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(answer.json).toMatchObject({ success: true, message: text.usernameChanged });
    expect(
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirst(),
    ).toBeDefined();
    expect(
      (await call13({ type: 'check', sessionid: s.sessionid, ...base(s.app) })).json,
    ).toMatchObject({ message: text.sessionNotFound });
  });

  it('expired sessions are purged by the periodic job', async () => {
    const s = await licensed();
    t.clock.advance(6 * 60 * 60 * 1000 + 1);
    await t.app.jobs.keyauthSessionPurge.runOnce();
    const row = await t.database.db
      .selectFrom('keyauth_sessions')
      .select('id')
      .where('id', '=', s.sessionid)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('ban and the HWID blacklist', () => {
  it('bans the account, blacklists its HWID, and our own loader then refuses that machine', async () => {
    const s = await licensed();
    const checkBefore = await call13({
      type: 'checkblacklist',
      hwid: s.hwid,
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(checkBefore.json).toMatchObject({ success: false, message: text.notBlacklisted });
    const answer = await call13({
      type: 'ban',
      reason: 'depurador',
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(answer.json).toMatchObject({ success: true, message: text.banned });

    const account = await t.database.db
      .selectFrom('users')
      .select(['id', 'status', 'token_version'])
      .where('username', '=', s.key.key)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ status: 'banned', token_version: 1 });
    const listed = await t.database.db
      .selectFrom('hwid_blacklist')
      .selectAll()
      .where('product_id', '=', s.app.productId)
      .executeTakeFirstOrThrow();
    expect(listed).toMatchObject({
      hwid: blacklistedHwidForm(s.hwid),
      reason: 'depurador',
      user_id: account.id,
    });
    expect(await activityOf('user.banned')).toContain(text.logBanned(s.key.key, 'depurador'));
    const events = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'user.banned')
      .execute();
    expect(events.map((event) => JSON.parse(event.payload) as unknown)).toContainEqual({
      userId: account.id,
      by: account.id,
    });

    const sessionid = await init(s.app);
    const check = await call13({ type: 'checkblacklist', hwid: s.hwid, sessionid, ...base(s.app) });
    expect(check.json).toMatchObject({ success: true, message: text.blacklisted });

    // Our own loader API refuses that HWID for the product, before any credential is checked.
    const other = await t.createUser();
    await t.fixtures.subscription(other.id, s.app.productId);
    const ours = await t.anonymous.post('/api/loader/auth', {
      productId: s.app.productId,
      hwid: s.hwid,
      nonce: randomBytes(16).toString('hex'),
      identifier: other.username,
      password: other.password,
    });
    expect(ours.statusCode).toBe(403);
    expect(ours.json()).toMatchObject({
      data: { ok: false, code: 'HWID_BLACKLISTED', message: refusals.HWID_BLACKLISTED },
    });
  });

  it('never bans an administrator, as the admin’s own ban path', async () => {
    const { app, product: p } = await product();
    const boss = await t.createUser({ role: 'admin' });
    await t.fixtures.subscription(boss.id, p.id);
    const sessionid = await init(app);
    const hwid = newHwid();
    const login = await call13({
      type: 'login',
      username: boss.username,
      pass: boss.password,
      hwid,
      sessionid,
      ...base(app),
    });
    expect(login.json).toMatchObject({ success: true });
    const answer = await call13({ type: 'ban', sessionid, ...base(app) });
    expect(answer.json).toMatchObject({
      success: false,
      message: messages.admin.cannotTargetAdmin,
    });
    const row = await t.database.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', boss.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect(
      await t.database.db
        .selectFrom('hwid_blacklist')
        .select('hwid')
        .where('hwid', '=', hwid)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a login from a blacklisted HWID', async () => {
    const { app, key } = await product();
    const hwid = newHwid();
    await t.database.db
      .insertInto('hwid_blacklist')
      .values({
        product_id: app.productId,
        hwid: blacklistedHwidForm(hwid),
        reason: '',
        user_id: null,
        created_at: 0,
      })
      .execute();
    const answer = await call13({
      type: 'license',
      key: key.key,
      hwid,
      sessionid: await init(app),
      ...base(app),
    });
    expect(answer.json).toMatchObject({ success: false, message: refusals.HWID_BLACKLISTED });
    const unused = await t.database.db
      .selectFrom('license_keys')
      .select('status')
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(unused.status).toBe('active');
  });
});

/** The product's blacklist, as stored. */
async function blacklistOf(productId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('hwid_blacklist')
    .select('hwid')
    .where('product_id', '=', productId)
    .orderBy('hwid')
    .execute();
  return rows.map((row) => row.hwid);
}

async function accountRow(id: string) {
  return t.database.db
    .selectFrom('users')
    .select(['username', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Our own loader's answer to `body` (a nonce and an address of its own). */
async function ourLoader(body: Record<string, unknown>) {
  const response = await t.anonymous.post('/api/loader/auth', {
    nonce: randomBytes(16).toString('hex'),
    ...body,
  });
  return response.json<{ data: { ok: boolean; code?: string } }>().data;
}

/**
 * A customer with a password who redeemed the product's key on the site, then logged in from
 * their machine with username and password; their subscription has free device slots.
 */
async function customerWithRedeemedKey() {
  const setup = await product();
  const customer = await t.createUser();
  const redeemed = await t.app.inject({
    method: 'POST',
    url: '/api/client/redeem-key',
    headers: customer.headers,
    payload: { keyValue: setup.key.key },
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  await t.database.db
    .updateTable('subscriptions')
    .set({ max_devices: 3 })
    .where('user_id', '=', customer.id)
    .execute();
  const hwid = newHwid();
  const sessionid = await init(setup.app);
  const login = await call13({
    type: 'login',
    username: customer.username,
    pass: customer.password,
    hwid,
    sessionid,
    ...base(setup.app),
  });
  expect(login.json, login.body).toMatchObject({ success: true });
  return { ...setup, customer, hwid, sessionid };
}

describe('a key redeemed into an account with a password (one rule with our loader)', () => {
  it('binds no new machine with license: refused in KeyAuth’s words, as our loader refuses it', async () => {
    const c = await customerWithRedeemedKey();
    const hwid = newHwid();
    const answer = await call13({
      type: 'license',
      key: c.key.key,
      hwid,
      sessionid: await init(c.app),
      ...base(c.app),
    });
    expect(answer.json).toMatchObject({
      success: false,
      message: text.refusals.ACCOUNT_LOGIN_REQUIRED,
    });
    const bound = await t.database.db
      .selectFrom('machines as m')
      .innerJoin('subscriptions as s', 's.id', 'm.subscription_id')
      .select('m.hwid')
      .where('s.user_id', '=', c.customer.id)
      .execute();
    expect(bound.map((machine) => machine.hwid)).toEqual([c.hwid]);
    expect(await activityOf('loader.refused')).toContain(
      messages.loader.logFailure(
        messages.loader.reasons.keyOnNewMachine,
        c.customer.username,
        hwid,
      ),
    );
    expect(
      await ourLoader({ productId: c.app.productId, hwid: newHwid(), key: c.key.key }),
    ).toEqual(expect.objectContaining({ ok: false, code: 'ACCOUNT_LOGIN_REQUIRED' }));
  });

  it('reopens the customer’s own machine, but that session cannot rename or ban the account', async () => {
    const c = await customerWithRedeemedKey();
    const sessionid = await init(c.app);
    const reopened = await call13({
      type: 'license',
      key: c.key.key,
      hwid: c.hwid,
      sessionid,
      ...base(c.app),
    });
    expect(reopened.json).toMatchObject({ success: true, message: text.loggedIn });
    expect((await call13({ type: 'check', sessionid, ...base(c.app) })).json).toMatchObject({
      success: true,
    });
    const calls: Record<string, string>[] = [
      { type: 'changeUsername', newUsername: `tomada_${randomBytes(3).toString('hex')}` },
      { type: 'ban', reason: 'tomada' },
    ];
    for (const fields of calls) {
      const answer = await call13({ ...fields, sessionid, ...base(c.app) });
      expect(answer.json, JSON.stringify(fields)).toMatchObject({
        success: false,
        message: text.accountChangeNeedsPassword,
      });
    }
    expect(await accountRow(c.customer.id)).toEqual({
      username: c.customer.username,
      status: 'active',
    });
    expect(await blacklistOf(c.app.productId)).toEqual([]);
    // The session the password opened may.
    const username = `novo_${randomBytes(3).toString('hex')}`;
    const renamed = await call13({
      type: 'changeUsername',
      newUsername: username,
      sessionid: c.sessionid,
      ...base(c.app),
    });
    expect(renamed.json).toMatchObject({ success: true, message: text.usernameChanged });
    expect((await accountRow(c.customer.id)).username).toBe(username);
  });
});

describe('an account license made from a key', () => {
  it('keeps the key as its credential, on our loader too; another key redeemed into it does not open it', async () => {
    const first = await licensed();
    await t.database.db
      .updateTable('subscriptions')
      .set({ max_devices: 4 })
      .where('product_id', '=', first.app.productId)
      .execute();
    const second = await call13({
      type: 'license',
      key: first.key.key,
      hwid: newHwid(),
      sessionid: await init(first.app),
      ...base(first.app),
    });
    expect(second.json).toMatchObject({ success: true });
    expect(
      await ourLoader({ productId: first.app.productId, hwid: newHwid(), key: first.key.key }),
    ).toMatchObject({ ok: true });

    // A key anyone redeems into the account with `upgrade` is no credential of it.
    const gift = await t.fixtures.key(first.app.productId);
    const upgraded = await call13({
      type: 'upgrade',
      username: first.key.key,
      key: gift.key,
      sessionid: await init(first.app),
      ...base(first.app),
    });
    expect(upgraded.json).toMatchObject({ success: true });
    const withGift = await call13({
      type: 'license',
      key: gift.key,
      hwid: newHwid(),
      sessionid: await init(first.app),
      ...base(first.app),
    });
    expect(withGift.json).toMatchObject({
      success: false,
      message: text.refusals.ACCOUNT_LOGIN_REQUIRED,
    });
  });
});

describe('a key-made account given a password of its own', () => {
  it('no longer opens with the key alone on a new machine, on KeyAuth and our loader', async () => {
    const first = await licensed();
    await t.database.db
      .updateTable('subscriptions')
      .set({ max_devices: 4 })
      .where('product_id', '=', first.app.productId)
      .execute();
    const owner = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', first.key.key)
      .executeTakeFirstOrThrow();
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${owner.id}/account`,
      headers: admin.headers,
      payload: { password: 'senha-propria-123' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const newMachine = await call13({
      type: 'license',
      key: first.key.key,
      hwid: newHwid(),
      sessionid: await init(first.app),
      ...base(first.app),
    });
    expect(newMachine.json).toMatchObject({
      success: false,
      message: text.refusals.ACCOUNT_LOGIN_REQUIRED,
    });
    expect(
      await ourLoader({ productId: first.app.productId, hwid: newHwid(), key: first.key.key }),
    ).toMatchObject({ ok: false, code: 'ACCOUNT_LOGIN_REQUIRED' });
    // The machine it was made on still reopens with the key.
    const sameMachine = await call13({
      type: 'license',
      key: first.key.key,
      hwid: first.hwid,
      sessionid: await init(first.app),
      ...base(first.app),
    });
    expect(sameMachine.json).toMatchObject({ success: true });
  });
});

describe('account-changing calls on a session that is no longer alive', () => {
  it('changeUsername is refused once a password change raised the token version', async () => {
    const c = await customerWithRedeemedKey();
    await t.database.db
      .updateTable('users')
      .set({ token_version: 7 })
      .where('id', '=', c.customer.id)
      .execute();
    const answer = await call13({
      type: 'changeUsername',
      newUsername: `depois_${randomBytes(3).toString('hex')}`,
      sessionid: c.sessionid,
      ...base(c.app),
    });
    expect(answer.json).toMatchObject({ success: false, message: refusals.SESSION_INVALID });
    expect((await accountRow(c.customer.id)).username).toBe(c.customer.username);
  });
});

describe('ban acts on the session’s own machine only', () => {
  it('never blocks an HWID the request names, and is refused once the session’s machine was released', async () => {
    const setup = await product();
    const victimKey = await t.fixtures.key(setup.product.id);
    const victimHwid = newHwid();
    const license = async (key: string, hwid: string) => {
      const sessionid = await init(setup.app);
      const answer = await call13({ type: 'license', key, hwid, sessionid, ...base(setup.app) });
      expect(answer.json, answer.body).toMatchObject({ success: true });
      return sessionid;
    };
    await license(victimKey.key, victimHwid);
    const attackerHwid = newHwid();
    const attacker = await license(setup.key.key, attackerHwid);
    const attackerId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', setup.key.key)
        .executeTakeFirstOrThrow()
    ).id;

    // The attacker resets its own HWID on the site: its machine is released, its session dead.
    await t.database.db.deleteFrom('machines').where('hwid', '=', attackerHwid).execute();
    const dead = await call13({
      type: 'ban',
      hwid: victimHwid,
      sessionid: attacker,
      ...base(setup.app),
    });
    expect(dead.json).toMatchObject({ success: false, message: refusals.HWID_RESET });
    expect(await blacklistOf(setup.app.productId)).toEqual([]);
    expect((await accountRow(attackerId)).status).toBe('active');

    // Bound again, its ban blocks its own machine whatever `hwid` it sends.
    const again = await license(setup.key.key, attackerHwid);
    const banned = await call13({
      type: 'ban',
      hwid: victimHwid,
      sessionid: again,
      ...base(setup.app),
    });
    expect(banned.json).toMatchObject({ success: true, message: text.banned });
    expect(await blacklistOf(setup.app.productId)).toEqual([blacklistedHwidForm(attackerHwid)]);
    await license(victimKey.key, victimHwid);
  });

  it('blocks no HWID another account has bound, even once the banning session bound it too', async () => {
    const setup = await product();
    const victimKey = await t.fixtures.key(setup.product.id);
    const victimHwid = newHwid();
    const license = async (key: string, hwid: string) => {
      const sessionid = await init(setup.app);
      const answer = await call13({ type: 'license', key, hwid, sessionid, ...base(setup.app) });
      return { sessionid, json: answer.json };
    };
    expect((await license(victimKey.key, victimHwid)).json).toMatchObject({ success: true });
    // The attacker claims the victim's HWID (in another case) as its own machine, then bans.
    const claimed = await license(setup.key.key, victimHwid.toLowerCase());
    expect(claimed.json).toMatchObject({ success: true });
    const banned = await call13({ type: 'ban', sessionid: claimed.sessionid, ...base(setup.app) });
    expect(banned.json).toMatchObject({ success: true, message: text.banned });
    expect(
      await t.database.db
        .selectFrom('users')
        .select('status')
        .where('username', '=', setup.key.key)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'banned' });
    expect(await blacklistOf(setup.app.productId)).toEqual([]);
    expect(await activityOf('user.banned')).toContain(
      text.logBannedHwidShared(setup.key.key, text.banReasonDefault),
    );
    expect((await license(victimKey.key, victimHwid)).json).toMatchObject({ success: true });
  });
});

describe('fetchOnline', () => {
  it('lists online accounts to logged-in sessions only, a name that is a key showing 4 characters', async () => {
    const s = await licensed();
    const open = await init(s.app);
    expect(
      (await call13({ type: 'fetchOnline', sessionid: open, ...base(s.app) })).json,
    ).toMatchObject({ success: false, message: text.sessionNotValidated });

    const named = await t.createUser({ username: `cliente_${randomBytes(4).toString('hex')}` });
    await t.fixtures.subscription(named.id, s.app.productId);
    const login = await call13({
      type: 'login',
      username: named.username,
      pass: named.password,
      hwid: newHwid(),
      sessionid: await init(s.app),
      ...base(s.app),
    });
    expect(login.json).toMatchObject({ success: true });
    const online = await call13({ type: 'fetchOnline', sessionid: s.sessionid, ...base(s.app) });
    const credentials = (online.json.users as { credential: string }[]).map(
      (user) => user.credential,
    );
    expect(credentials.sort()).toEqual(
      [
        s.key.key.slice(0, 4) + '*'.repeat(s.key.key.length - 4),
        named.username.slice(0, 10) + '*'.repeat(named.username.length - 10),
      ].sort(),
    );
  });
});

describe('the HWID blacklist compares HWIDs trimmed and in any case', () => {
  it('refuses the blocked machine however its HWID is cased, on KeyAuth and our loader, and unblocks it alike', async () => {
    const { app, key, product: p } = await product();
    const url = `/api/products/${p.id}/hwid-blacklist`;
    const blocked = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { hwid: '  S-1-5-21-ABCDEF-1001 ', reason: 'trapaça' },
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const twice = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { hwid: 's-1-5-21-abcdef-1001' },
    });
    expect(twice.statusCode).toBe(409);

    const license = await call13({
      type: 'license',
      key: key.key,
      hwid: ' s-1-5-21-AbCdEf-1001 ',
      sessionid: await init(app),
      ...base(app),
    });
    expect(license.json).toMatchObject({ success: false, message: refusals.HWID_BLACKLISTED });
    const check = await call13({
      type: 'checkblacklist',
      hwid: 'S-1-5-21-abcdef-1001',
      sessionid: await init(app),
      ...base(app),
    });
    expect(check.json).toMatchObject({ success: true, message: text.blacklisted });
    const user = await t.createUser();
    await t.fixtures.subscription(user.id, p.id);
    const login = { productId: p.id, identifier: user.username, password: user.password };
    expect(await ourLoader({ ...login, hwid: 's-1-5-21-abcdef-1001' })).toMatchObject({
      ok: false,
      code: 'HWID_BLACKLISTED',
    });

    const unblocked = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${encodeURIComponent('S-1-5-21-AbCdEf-1001')}`,
      headers: admin.headers,
    });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(await ourLoader({ ...login, hwid: 's-1-5-21-abcdef-1001' })).toMatchObject({
      ok: true,
    });
  });
});

describe('upgrade', () => {
  it('tells nothing about an account, by username or e-mail, without an unused key of the product', async () => {
    const { app } = await product();
    const user = await t.createUser();
    for (const username of [user.username, user.email, 'ninguem_aqui', 'ninguem@example.com']) {
      const answer = await call13({
        type: 'upgrade',
        username,
        key: 'NAOEXISTE',
        sessionid: await init(app),
        ...base(app),
      });
      expect(answer.json, username).toMatchObject({
        success: false,
        message: refusals.INVALID_KEY,
      });
    }
  });
});

describe('a product being updated or down: KeyAuth’s paused application', () => {
  const note = 'Detectado após a atualização do jogo; previsão 48 h';

  it('refuses init as KeyAuth refuses a paused app, the seller’s note after its message, signed', async () => {
    const { app, product: p } = await product();
    await t.fixtures.productOperational(p.id, {
      status: 'updating',
      note,
      since: t.clock.now(),
    });
    // 1.3: Ed25519 over timestamp + body, every character past ASCII escaped (call13 checks).
    const updating = await call13({ type: 'init', ver: app.version, ...base(app) });
    expect(updating.json).toEqual({
      success: false,
      message: `${text.refusals.PRODUCT_UPDATING} ${note}`,
      ownerid: app.ownerId,
      code: 0,
    });

    // 1.2: HMAC with the app's secret, as KeyAuth signs its init answers.
    await t.fixtures.productOperational(p.id, {
      status: 'unavailable',
      since: t.clock.now(),
    });
    const unavailable = await raw('1.2', { type: 'init', ver: app.version, ...base(app) });
    expect(unavailable.headers.signature).toBe(
      createHmac('sha256', app.secret).update(unavailable.body).digest('hex'),
    );
    expect(unavailable.json()).toEqual({
      success: false,
      message: text.refusals.PRODUCT_UNAVAILABLE,
    });

    await t.fixtures.productOperational(p.id, {
      status: 'operational',
      since: t.clock.now(),
    });
    await init(app);
  });

  it('ends a logged-in session at its next check and refuses logins meanwhile; both work again once operational', async () => {
    const s = await licensed();
    await t.fixtures.productOperational(s.product.id, {
      status: 'updating',
      note,
      since: t.clock.now(),
    });
    const paused = { success: false, message: `${text.refusals.PRODUCT_UPDATING} ${note}` };
    const check = () => call13({ type: 'check', sessionid: s.sessionid, ...base(s.app) });
    expect((await check()).json).toMatchObject(paused);
    const file = await call13({
      type: 'file',
      fileid: '1',
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(file.json).toMatchObject(paused);

    // A session opened before the pause cannot log in either, nor redeem a key into an account.
    const other = await t.fixtures.key(s.product.id);
    const relogin = await call13({
      type: 'license',
      key: other.key,
      hwid: newHwid(),
      sessionid: s.sessionid,
      ...base(s.app),
    });
    expect(relogin.json).toMatchObject(paused);
    const unused = await t.database.db
      .selectFrom('license_keys')
      .select('status')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(unused.status).toBe('active');

    await t.fixtures.productOperational(s.product.id, {
      status: 'operational',
      since: t.clock.now(),
    });
    expect((await check()).json).toMatchObject({ success: true, message: text.sessionValidated });
  });
});

describe('1.2: HMAC-signed answers', () => {
  it('signs init with the app secret and later answers with "<enckey>-<secret>", GET and POST', async () => {
    const { app, key } = await product();
    const response = await raw('1.2', {
      type: 'init',
      ver: app.version,
      enckey: 'chave-do-cliente',
      ...base(app),
    });
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(response.headers.signature).toBe(
      createHmac('sha256', app.secret).update(body).digest('hex'),
    );
    const json = JSON.parse(body) as { sessionid: string; success: boolean };
    expect(json.success).toBe(true);
    expect(json).not.toHaveProperty('ownerid');

    const fields = {
      type: 'license',
      key: key.key,
      hwid: newHwid(),
      sessionid: json.sessionid,
      ...base(app),
    };
    const license = await raw('1.2', fields, { method: 'GET', path: '/api/1.2' });
    expect(license.headers.signature).toBe(
      createHmac('sha256', `chave-do-cliente-${app.secret}`).update(license.body).digest('hex'),
    );
    expect(license.json()).toMatchObject({ success: true, message: text.loggedIn });
  });

  it('keeps signing with the secret a session opened without enckey', async () => {
    const { app } = await product();
    const opened = await raw('1.2', { type: 'init', ver: app.version, ...base(app) });
    const { sessionid } = JSON.parse(opened.body) as { sessionid: string };
    const stats = await raw('1.2', { type: 'fetchStats', sessionid, ...base(app) });
    expect(stats.headers.signature).toBe(
      createHmac('sha256', app.secret).update(stats.body).digest('hex'),
    );
    expect(stats.json()).toMatchObject({ success: true, appinfo: { numKeys: '1' } });
  });
});

describe('bad input always gets a signed pt-BR refusal with HTTP 200, never a 500', () => {
  it.each([
    ['a JSON body', JSON.stringify({ type: 'init' }), 'application/json', text.formRequired],
    [
      'bytes that are not UTF-8',
      'type=init&name=%ff%fe&ownerid=abcdefghij',
      undefined,
      text.invalidEncoding,
    ],
    [
      'a field sent twice',
      'type=init&type=license&name=a&ownerid=abcdefghij',
      undefined,
      text.duplicateField('type'),
    ],
    [
      'a bracketed (nested) name',
      'type=init&name[a][b]=x&ownerid=abcdefghij',
      undefined,
      text.nestedField,
    ],
    [
      'a field too long',
      `type=init&name=${'a'.repeat(3000)}&ownerid=abcdefghij`,
      undefined,
      text.fieldTooLong('name'),
    ],
    [
      'a body over 64 KB',
      `type=init&${'x=1&'.repeat(20_000)}`,
      undefined,
      refusals.INVALID_REQUEST,
    ],
  ])('%s', async (_what, body, contentType, message) => {
    const answer = await call13(body, { ...(contentType && { contentType }) });
    expect(answer.json).toMatchObject({ success: false, message });
  });

  it('limits password guesses per account, in the window the site’s login shares', async () => {
    const { app } = await product();
    const user = await t.createUser();
    let last: Answer | undefined;
    for (let i = 0; i < 11; i++) {
      last = await call13({
        type: 'login',
        username: user.username,
        pass: `errada-${String(i)}-000`,
        hwid: newHwid(),
        sessionid: await init(app),
        ...base(app),
      });
    }
    expect(last?.json).toMatchObject({ success: false, message: refusals.RATE_LIMITED });
    // The site's own login for that account is now limited too: one window for both.
    const site = await t.anonymous.post('/api/auth/login', {
      identifier: user.username,
      password: user.password,
    });
    expect(site.statusCode).toBe(429);
  });

  it('limits logins per HWID as our loader does, answered as KeyAuth JSON', async () => {
    const { app } = await product();
    const hwid = newHwid();
    const sessionid = await init(app);
    let last: Answer | undefined;
    for (let i = 0; i < 21; i++) {
      last = await call13({
        type: 'license',
        key: `NAOEXISTE${String(i)}`,
        hwid,
        sessionid,
        ...base(app),
      });
    }
    expect(last?.json).toMatchObject({ success: false, message: refusals.RATE_LIMITED });
  });
});
