import { createHmac, createPublicKey, verify } from 'node:crypto';
import type {
  HwidBlacklistPage,
  KeyAuthSavedResponse,
  KeyAuthSettings,
  LoaderPublicKey,
  ProductVariablesResponse,
} from '@chaveiro/contract';
import {
  KEYAUTH_LIMITS,
  KEYAUTH_NOT_CONFIGURED,
  keyAuthAppMessages as text,
  messages,
} from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: TestUser;
let client: TestUser;
let reseller: TestUser;
let product: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://painel.exemplo.com.br/' } });
  admin = await t.createUser({ role: 'admin', username: 'gerente_ka' });
  client = await t.createUser();
  reseller = await t.createUser({ role: 'reseller' });
});
afterAll(() => t.close());

beforeEach(async () => {
  product = await t.fixtures.product({ name: 'Aimbot Pro' });
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const settingsUrl = () => `/api/products/${product.id}/keyauth`;
const variablesUrl = () => `/api/products/${product.id}/variables`;
const blacklistUrl = () => `/api/products/${product.id}/hwid-blacklist`;

async function save(body: object): Promise<KeyAuthSavedResponse> {
  const response = await t.as(admin).put(settingsUrl(), body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KeyAuthSavedResponse>();
}

async function activityTypes(): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('activity')
    .select('type')
    .where('target', '=', `product:${product.id}`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.type);
}

describe('who may call', () => {
  const routes = (): [Method, string, object?][] => [
    ['GET', settingsUrl()],
    ['PUT', settingsUrl(), { enabled: true, name: 'App', version: '1.0' }],
    ['POST', `${settingsUrl()}/secret`],
    ['GET', variablesUrl()],
    ['PUT', `${variablesUrl()}/motd`, { value: 'oi' }],
    ['DELETE', `${variablesUrl()}/motd`],
    ['GET', blacklistUrl()],
    ['POST', blacklistUrl(), { hwid: 'S-1-5-21-1111' }],
    ['DELETE', `${blacklistUrl()}/S-1-5-21-1111`],
  ];

  it('answers 401 without a session and 403 to clients and resellers, changing nothing', async () => {
    for (const [method, url, body] of routes()) {
      const anonymous = await t.app.inject({
        method,
        url,
        ...(body ? { payload: body } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const user of [client, reseller]) {
        const refused = await t.as(user).request(method, url, body);
        expect(refused.statusCode, `${method} ${url} as ${user.role}`).toBe(403);
        expect(refused.json()).toEqual({ message: messages.errors.forbidden, code: 'FORBIDDEN' });
      }
    }
    expect(await activityTypes()).toEqual([]);
    const apps = await t.database.db.selectFrom('keyauth_apps').selectAll().execute();
    expect(apps.filter((app) => app.product_id === product.id)).toEqual([]);
  });

  it('answers 404 for a product that does not exist', async () => {
    const missing = '/api/products/0190f0f0-0000-7000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', `${missing}/keyauth`],
      ['PUT', `${missing}/keyauth`, { enabled: true, name: 'App', version: '1.0' }],
      ['POST', `${missing}/keyauth/secret`],
      ['GET', `${missing}/variables`],
      ['PUT', `${missing}/variables/motd`, { value: 'oi' }],
      ['GET', `${missing}/hwid-blacklist`],
      ['POST', `${missing}/hwid-blacklist`, { hwid: 'S-1-5-21-1111' }],
    ] as [Method, string, object?][]) {
      const response = await t.as(admin).request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({
        message: messages.admin.productNotFound,
        code: 'NOT_FOUND',
      });
    }
  });
});

describe('KeyAuth app settings', () => {
  it('answers 404 KEYAUTH_NOT_CONFIGURED before the first save', async () => {
    const response = await t.as(admin).get(settingsUrl());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: text.notConfigured, code: KEYAUTH_NOT_CONFIGURED });
    const rotate = await t.as(admin).post(`${settingsUrl()}/secret`);
    expect(rotate.statusCode).toBe(404);
    expect(rotate.json<{ code: string }>().code).toBe(KEYAUTH_NOT_CONFIGURED);
  });

  it('generates an Owner ID and a secret on the first save and answers what the loader needs', async () => {
    const saved = await save({
      enabled: true,
      name: '  Aimbot  ',
      version: '1.0',
      downloadUrl: 'https://exemplo.com/loader.exe',
    });
    expect(saved).toMatchObject({
      message: text.saved,
      enabled: true,
      name: 'Aimbot',
      version: '1.0',
      downloadUrl: 'https://exemplo.com/loader.exe',
      apiUrl: 'https://painel.exemplo.com.br/api/1.3/',
      apiUrlLegacy: 'https://painel.exemplo.com.br/api/1.2/',
    });
    expect(saved.ownerId).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(saved.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(saved.publicKey).toMatch(/^[0-9a-f]{64}$/);

    const { message: _message, ...settings } = saved;
    const read = await t.as(admin).get(settingsUrl());
    expect(read.statusCode).toBe(200);
    expect(read.json<KeyAuthSettings>()).toEqual(settings);
    expect(await t.lastActivity()).toBe(text.log.enabled('Aimbot Pro', 'Aimbot'));
  });

  it('draws a different Owner ID and secret for each product, all of the documented shape', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      product = await t.fixtures.product();
      const saved = await save({ enabled: true, name: 'App', version: '1.0' });
      expect(saved.ownerId).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(saved.secret).toMatch(/^[0-9a-f]{64}$/);
      seen.add(saved.ownerId);
      seen.add(saved.secret);
    }
    expect(seen.size).toBe(40);
  });

  it('keeps the Owner ID and secret across saves, and saving the same body twice changes nothing', async () => {
    const body = { enabled: true, name: 'App', version: '1.0' };
    const first = await save(body);
    t.clock.advance(60_000);
    const second = await save(body);
    expect(second).toEqual(first);
    expect(await activityTypes()).toEqual(['product.keyauth_changed']);

    const changed = await save({ ...body, version: '1.1', downloadUrl: 'http://x.com/a' });
    expect(changed).toMatchObject({
      ownerId: first.ownerId,
      secret: first.secret,
      version: '1.1',
      downloadUrl: 'http://x.com/a',
    });
    // A PUT replaces: the link left out is cleared; an empty link is no link.
    expect((await save({ ...body, version: '1.1' })).downloadUrl).toBeNull();
    expect((await save({ ...body, downloadUrl: '' })).downloadUrl).toBeNull();
    const off = await save({ ...body, enabled: false });
    expect(off.enabled).toBe(false);
    expect(await t.lastActivity()).toBe(text.log.disabled('Aimbot Pro', 'App'));
  });

  it('keeps the Owner ID and secret a seller already compiled into their loader', async () => {
    const ownerId = 'j9Gj0FTemM';
    const secret = 'a'.repeat(64);
    const saved = await save({ enabled: true, name: 'Legado', version: '2.0', ownerId, secret });
    expect(saved).toMatchObject({ ownerId, secret });
    const again = await save({ enabled: true, name: 'Legado', version: '2.1' });
    expect(again).toMatchObject({ ownerId, secret, version: '2.1' });
    // The form's blank fields mean the same as leaving them out.
    const blank = await save({
      enabled: true,
      name: 'Legado',
      version: '2.2',
      ownerId: ' ',
      secret: '',
    });
    expect(blank).toMatchObject({ ownerId, secret, version: '2.2' });
  });

  it('refuses a second product answering to the same Owner ID and app name (409)', async () => {
    const first = await save({ enabled: true, name: 'Compartilhado', version: '1.0' });
    const other = await t.fixtures.product();
    const clash = await t.as(admin).put(`/api/products/${other.id}/keyauth`, {
      enabled: true,
      name: 'Compartilhado',
      version: '1.0',
      ownerId: first.ownerId,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: text.appTaken, code: 'KEYAUTH_APP_TAKEN' });
    // Same Owner ID under another name is another app; the same product saving itself is fine.
    const sameOwner = await t.as(admin).put(`/api/products/${other.id}/keyauth`, {
      enabled: true,
      name: 'Outro app',
      version: '1.0',
      ownerId: first.ownerId,
    });
    expect(sameOwner.statusCode).toBe(200);
    expect((await save({ enabled: false, name: 'Compartilhado', version: '1.0' })).enabled).toBe(
      false,
    );
  });

  it('answers concurrent clashing saves with one success and 409s, never a 500', async () => {
    const products = [product, await t.fixtures.product(), await t.fixtures.product()];
    const body = { enabled: true, name: 'Corrida', version: '1.0', ownerId: 'RaceRace01' };
    const answers = await Promise.all(
      products.map((p) => t.as(admin).put(`/api/products/${p.id}/keyauth`, body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('rotates the secret: a new one, the Owner ID kept, the old one gone', async () => {
    const first = await save({ enabled: true, name: 'App', version: '1.0' });
    const rotated = await t.as(admin).post(`${settingsUrl()}/secret`);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json<KeyAuthSavedResponse>();
    expect(body.message).toBe(text.secretRotated);
    expect(body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(body.secret).not.toBe(first.secret);
    expect(body.ownerId).toBe(first.ownerId);
    expect((await t.as(admin).get(settingsUrl())).json<KeyAuthSettings>().secret).toBe(body.secret);
    expect(await t.lastActivity()).toBe(text.log.secretRotated('Aimbot Pro'));
  });

  it('publishes the key that verifies the loader API answers, as hex of the raw key', async () => {
    const saved = await save({ enabled: true, name: 'App', version: '1.0' });
    const published = (
      await t.app.inject({ method: 'GET', url: '/api/loader/public-key' })
    ).json<LoaderPublicKey>();
    expect(saved.publicKey).toBe(Buffer.from(published.publicKey, 'base64').toString('hex'));

    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(saved.publicKey, 'hex').toString('base64url'),
      },
      format: 'jwk',
    });
    // Any loader answer, a refusal included, is signed with that key.
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/loader/heartbeat',
      payload: { session: 'nenhuma', nonce: 'n'.repeat(24) },
    });
    const signature = Buffer.from(String(answer.headers['x-signature']), 'base64');
    expect(verify(null, answer.rawPayload, key, signature)).toBe(true);
    expect(verify(null, Buffer.from(`${answer.body} `), key, signature)).toBe(false);
  });

  it.each([
    [{ enabled: true, version: '1.0' }, text.nameRequired],
    [{ enabled: true, name: '   ', version: '1.0' }, text.nameRequired],
    [{ enabled: true, name: 'a'.repeat(65), version: '1.0' }, text.nameMax],
    [{ enabled: true, name: 'linha\nquebrada', version: '1.0' }, text.nameInvalid],
    [{ enabled: true, name: 'App', version: '' }, text.versionRequired],
    [{ enabled: true, name: 'App', version: '1'.repeat(33) }, text.versionMax],
    [{ enabled: true, name: 'App', version: '1 0' }, text.versionInvalid],
    [
      { enabled: true, name: 'App', version: '1.0', downloadUrl: 'ftp://x.com' },
      text.downloadUrlInvalid,
    ],
    [
      { enabled: true, name: 'App', version: '1.0', downloadUrl: 'não é url' },
      text.downloadUrlInvalid,
    ],
    [
      {
        enabled: true,
        name: 'App',
        version: '1.0',
        downloadUrl: `https://x.com/${'a'.repeat(2040)}`,
      },
      text.downloadUrlInvalid,
    ],
    [{ enabled: true, name: 'App', version: '1.0', ownerId: 'curto' }, text.ownerIdInvalid],
    [{ enabled: true, name: 'App', version: '1.0', ownerId: 'abc-def-gh' }, text.ownerIdInvalid],
    [{ enabled: true, name: 'App', version: '1.0', secret: 'A'.repeat(64) }, text.secretInvalid],
    [{ enabled: true, name: 'App', version: '1.0', secret: 'a'.repeat(63) }, text.secretInvalid],
    [{ enabled: 'sim', name: 'App', version: '1.0' }, messages.errors.invalidRequest],
  ])('refuses %j with its pt-BR message', async (body, message) => {
    const response = await t.as(admin).put(settingsUrl(), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect((await t.as(admin).get(settingsUrl())).statusCode).toBe(404);
  });

  it('refuses unknown fields, arrays and deeply nested bodies with a 400', async () => {
    let nested: unknown = 'x';
    for (let i = 0; i < 100; i += 1) nested = { a: nested };
    for (const body of [
      { enabled: true, name: 'App', version: '1.0', status: 'admin' },
      [{ enabled: true, name: 'App', version: '1.0' }],
      { enabled: true, name: nested, version: '1.0' },
    ]) {
      const response = await t.as(admin).put(settingsUrl(), body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/\S/);
    }
  });
});

describe('what a KeyAuth loader connects with', () => {
  function keyAuthInit(version: '1.2' | '1.3', fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: `/api/${version}/`,
      payload: new URLSearchParams({ type: 'init', hash: 'abc', ...fields }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  it('opens a session with the values the console answers, verified as the SDKs verify them', async () => {
    const saved = await save({ enabled: true, name: 'Loader Real', version: '3.1' });
    const fields = { name: saved.name, ownerid: saved.ownerId, ver: saved.version };

    // 1.3: Ed25519 over timestamp + body, with the pinned hex key (auth.cpp's API_PUBLIC_KEY).
    const modern = await keyAuthInit('1.3', fields);
    expect(modern.statusCode).toBe(200);
    expect(modern.json()).toMatchObject({ success: true, ownerid: saved.ownerId });
    const key = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(saved.publicKey, 'hex'),
      ]),
      format: 'der',
      type: 'spki',
    });
    const signed = Buffer.from(`${String(modern.headers['x-signature-timestamp'])}${modern.body}`);
    const signature = Buffer.from(String(modern.headers['x-signature-ed25519']), 'hex');
    expect(verify(null, signed, key, signature)).toBe(true);

    // 1.2: HMAC-SHA256 of the body keyed with the secret for init (KeyAuth.cs sigCheck).
    const legacy = await keyAuthInit('1.2', { ...fields, enckey: 'chave-do-cliente' });
    expect(legacy.json()).toMatchObject({ success: true });
    expect(legacy.headers.signature).toBe(
      createHmac('sha256', saved.secret).update(legacy.body).digest('hex'),
    );

    // A rotated secret signs from then on; a loader with the old one fails its check.
    const rotated = (
      await t.as(admin).post(`${settingsUrl()}/secret`)
    ).json<KeyAuthSavedResponse>();
    const after = await keyAuthInit('1.2', { ...fields, enckey: 'chave-do-cliente' });
    expect(after.headers.signature).toBe(
      createHmac('sha256', rotated.secret).update(after.body).digest('hex'),
    );
    expect(after.headers.signature).not.toBe(
      createHmac('sha256', saved.secret).update(after.body).digest('hex'),
    );

    // A wrong version gets the download link; switched off, the app is unknown to loaders.
    await save({
      enabled: true,
      name: 'Loader Real',
      version: '3.2',
      downloadUrl: 'https://loja.exemplo.com/v3.2.exe',
    });
    expect((await keyAuthInit('1.3', fields)).json()).toMatchObject({
      success: false,
      message: 'invalidver',
      download: 'https://loja.exemplo.com/v3.2.exe',
    });
    await save({ enabled: false, name: 'Loader Real', version: '3.1' });
    expect((await keyAuthInit('1.3', fields)).body).toBe('KeyAuth_Invalid');
  });
});

describe('product variables', () => {
  it('creates, lists by name, replaces and deletes variables', async () => {
    const created = await t.as(admin).put(`${variablesUrl()}/motd`, { value: 'Bem-vindo!' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: text.variableCreated,
      variable: { name: 'motd', value: 'Bem-vindo!' },
    });
    await t.as(admin).put(`${variablesUrl()}/api.url-v2`, { value: '' });

    const replaced = await t.as(admin).put(`${variablesUrl()}/motd`, { value: 'Olá\nde novo' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<{ message: string }>().message).toBe(text.variableSaved);
    const again = await t.as(admin).put(`${variablesUrl()}/motd`, { value: 'Olá\nde novo' });
    expect(again.statusCode).toBe(200);

    const list = (await t.as(admin).get(variablesUrl())).json<ProductVariablesResponse>();
    expect(list.limit).toBe(KEYAUTH_LIMITS.variablesPerProduct);
    expect(list.items.map(({ name, value }) => ({ name, value }))).toEqual([
      { name: 'api.url-v2', value: '' },
      { name: 'motd', value: 'Olá\nde novo' },
    ]);

    const deleted = await t.as(admin).delete(`${variablesUrl()}/motd`);
    expect(deleted.json()).toEqual({ message: text.variableDeleted });
    const gone = await t.as(admin).delete(`${variablesUrl()}/motd`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: text.variableNotFound, code: 'NOT_FOUND' });
    expect(await activityTypes()).toEqual([
      'product.variable_saved',
      'product.variable_saved',
      'product.variable_saved',
      'product.variable_deleted',
    ]);
  });

  it('keeps variables apart per product', async () => {
    const other = await t.fixtures.product();
    await t.as(admin).put(`${variablesUrl()}/motd`, { value: 'a' });
    await t.as(admin).put(`/api/products/${other.id}/variables/motd`, { value: 'b' });
    const mine = (await t.as(admin).get(variablesUrl())).json<ProductVariablesResponse>();
    expect(mine.items.map((v) => v.value)).toEqual(['a']);
  });

  it('refuses a bad name or a value over 10 000 characters with pt-BR messages', async () => {
    for (const name of ['com espaço', 'a'.repeat(65), 'ação', '%2F']) {
      const response = await t.as(admin).put(`${variablesUrl()}/${encodeURIComponent(name)}`, {
        value: 'x',
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toEqual({
        message: text.variableNameInvalid,
        code: 'VALIDATION_ERROR',
      });
    }
    const long = await t.as(admin).put(`${variablesUrl()}/longo`, { value: 'x'.repeat(10_001) });
    expect(long.json()).toEqual({ message: text.variableValueMax, code: 'VALIDATION_ERROR' });
    const exact = await t.as(admin).put(`${variablesUrl()}/longo`, { value: 'x'.repeat(10_000) });
    expect(exact.statusCode).toBe(201);
    const missing = await t.as(admin).put(`${variablesUrl()}/semvalor`, {});
    expect(missing.json()).toEqual({
      message: text.variableValueRequired,
      code: 'VALIDATION_ERROR',
    });
  });

  it('holds at most 100 per product: one more is refused, replacing one still works', async () => {
    const now = t.clock.now();
    await t.database.db
      .insertInto('product_variables')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          product_id: product.id,
          name: `v${String(i).padStart(3, '0')}`,
          value: String(i),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // Two creations race for the last place: one wins, one is refused.
    const raced = await Promise.all([
      t.as(admin).put(`${variablesUrl()}/ultima`, { value: '1' }),
      t.as(admin).put(`${variablesUrl()}/penultima`, { value: '2' }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = raced.find((r) => r.statusCode === 422);
    expect(refused?.json()).toEqual({
      message: text.variablesLimit,
      code: 'KEYAUTH_VARIABLES_LIMIT',
    });
    expect((await t.as(admin).put(`${variablesUrl()}/v000`, { value: 'novo' })).statusCode).toBe(
      200,
    );
    const list = (await t.as(admin).get(variablesUrl())).json<ProductVariablesResponse>();
    expect(list.items).toHaveLength(100);
  });
});

describe('HWID blacklist', () => {
  it('adds with a reason in its compared form, lists newest first with paging, and removes an encoded HWID', async () => {
    const first = await t.as(admin).post(blacklistUrl(), {
      hwid: 'S-1-5-21-1000',
      reason: ' Chargeback ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: text.hwidBlocked,
      entry: {
        // Stored trimmed and in lower case: the loaders' HWIDs match it in any case.
        hwid: 's-1-5-21-1000',
        reason: 'Chargeback',
        userId: null,
        username: null,
        createdAt: new Date(t.clock.now()).toISOString(),
      },
    });
    t.clock.advance(1_000);
    await t.as(admin).post(blacklistUrl(), { hwid: 'AB:CD:EF:01:23:45' });
    t.clock.advance(1_000);
    await t.as(admin).post(blacklistUrl(), { hwid: 'machine.guid_0003' });

    const page = (
      await t.as(admin).get(`${blacklistUrl()}?page=1&pageSize=2`)
    ).json<HwidBlacklistPage>();
    expect(page.total).toBe(3);
    expect(page.items.map((e) => e.hwid)).toEqual(['machine.guid_0003', 'ab:cd:ef:01:23:45']);
    expect(page.items[1]?.reason).toBe('');
    const next = (
      await t.as(admin).get(`${blacklistUrl()}?page=2&pageSize=2`)
    ).json<HwidBlacklistPage>();
    expect(next.items.map((e) => e.hwid)).toEqual(['s-1-5-21-1000']);

    const removed = await t
      .as(admin)
      .delete(`${blacklistUrl()}/${encodeURIComponent('AB:CD:EF:01:23:45')}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: text.hwidUnblocked });
    const again = await t
      .as(admin)
      .delete(`${blacklistUrl()}/${encodeURIComponent('AB:CD:EF:01:23:45')}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: text.hwidNotBlocked, code: 'NOT_FOUND' });
    expect(await activityTypes()).toEqual([
      'product.hwid_blocked',
      'product.hwid_blocked',
      'product.hwid_blocked',
      'product.hwid_unblocked',
    ]);
    expect(await t.lastActivity()).toBe(text.log.hwidUnblocked('Aimbot Pro', 'AB:CD:EF:01:23:45'));
  });

  it("names the account a loader's ban blocked the HWID with", async () => {
    const banned = await t.createUser({ username: 'trapaceiro' });
    await t.database.db
      .insertInto('hwid_blacklist')
      .values({
        product_id: product.id,
        hwid: 's-1-5-21-4000',
        reason: '',
        user_id: banned.id,
        created_at: t.clock.now(),
      })
      .execute();
    const page = (await t.as(admin).get(blacklistUrl())).json<HwidBlacklistPage>();
    expect(page.items).toEqual([
      {
        hwid: 's-1-5-21-4000',
        reason: '',
        userId: banned.id,
        username: 'trapaceiro',
        createdAt: new Date(t.clock.now()).toISOString(),
      },
    ]);
  });

  it('answers 409 for a HWID already blocked, even when two admins add it at once', async () => {
    const [a, b] = await Promise.all([
      t.as(admin).post(blacklistUrl(), { hwid: 'S-1-5-21-2000' }),
      t.as(admin).post(blacklistUrl(), { hwid: 'S-1-5-21-2000' }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
    const again = await t
      .as(admin)
      .post(blacklistUrl(), { hwid: 'S-1-5-21-2000', reason: 'outro' });
    expect(again.json()).toEqual({
      message: text.hwidAlreadyBlocked,
      code: 'HWID_ALREADY_BLOCKED',
    });
    // Another product's list is its own.
    const other = await t.fixtures.product();
    const elsewhere = await t.as(admin).post(`/api/products/${other.id}/hwid-blacklist`, {
      hwid: 'S-1-5-21-2000',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('accepts any HWID a KeyAuth SDK sends, slashes and spaces included, and removes it by its encoded path', async () => {
    const hwid = 'Linux {machine}/id 42';
    const added = await t.as(admin).post(blacklistUrl(), { hwid: `  ${hwid}  ` });
    expect(added.statusCode).toBe(201);
    expect(added.json<{ entry: { hwid: string } }>().entry.hwid).toBe(hwid.toLowerCase());
    const removed = await t.as(admin).delete(`${blacklistUrl()}/${encodeURIComponent(hwid)}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.as(admin).get(blacklistUrl())).json<HwidBlacklistPage>().total).toBe(0);
  });

  it('refuses a malformed HWID, a long reason and a page size over the cap', async () => {
    for (const body of [
      {},
      { hwid: '' },
      { hwid: '   ' },
      { hwid: 'máquina' },
      { hwid: 'tab\there' },
      { hwid: 'h'.repeat(257) },
    ]) {
      const response = await t.as(admin).post(blacklistUrl(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
    expect((await t.as(admin).post(blacklistUrl(), { hwid: 'máquina' })).json()).toEqual({
      message: text.hwidInvalid,
      code: 'VALIDATION_ERROR',
    });
    expect((await t.as(admin).post(blacklistUrl(), { hwid: ' ' })).json()).toEqual({
      message: text.hwidRequired,
      code: 'VALIDATION_ERROR',
    });
    expect(
      (
        await t.as(admin).post(blacklistUrl(), { hwid: 'S-1-5-21-3000', reason: 'r'.repeat(201) })
      ).json(),
    ).toEqual({ message: text.reasonMax, code: 'VALIDATION_ERROR' });
    const big = await t.as(admin).get(`${blacklistUrl()}?pageSize=101`);
    expect(big.statusCode).toBe(400);
    const badPath = await t.as(admin).delete(`${blacklistUrl()}/${encodeURIComponent('máquina')}`);
    expect(badPath.json()).toEqual({ message: text.hwidInvalid, code: 'VALIDATION_ERROR' });
    const page = (await t.as(admin).get(blacklistUrl())).json<HwidBlacklistPage>();
    expect(page.total).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents every route with its answers, the not-configured 404 included', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { description?: string; responses: Record<string, unknown> }>
      >;
    }>();
    const settings = document.paths['/api/products/{id}/keyauth'];
    expect(Object.keys(settings?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404']),
    );
    expect(settings?.get?.description).toContain(KEYAUTH_NOT_CONFIGURED);
    expect(Object.keys(settings?.put?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '409']),
    );
    expect(document.paths['/api/products/{id}/keyauth/secret']?.post).toBeDefined();
    expect(Object.keys(document.paths['/api/products/{id}/variables/{name}'] ?? {})).toEqual(
      expect.arrayContaining(['put', 'delete']),
    );
    expect(
      Object.keys(document.paths['/api/products/{id}/variables/{name}']?.put?.responses ?? {}),
    ).toEqual(expect.arrayContaining(['200', '201', '422']));
    expect(Object.keys(document.paths['/api/products/{id}/hwid-blacklist'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(document.paths['/api/products/{id}/hwid-blacklist/{hwid}']?.delete).toBeDefined();
  });
});
