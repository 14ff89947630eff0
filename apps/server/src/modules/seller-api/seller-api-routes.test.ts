import type {
  ApiDeliveryResponse,
  ApiGenerateKeysResponse,
  ApiKey,
  ApiKeysPage,
  ApiLicense,
  ApiLicensesResponse,
  ApiTokenScope,
  ApiUser,
  BuyKeysResponse,
} from '@chaveiro/contract';
import {
  PRODUCT_OPERATIONAL_LABELS,
  messages,
  productStatusMessages,
  sellerApiMessages,
} from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineHandler } from '../../events/index.js';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = sellerApiMessages;
let t: TestApp;
let admin: TestUser;
/** Aim Pro: monthly R$ 12,50, weekly R$ 4,00. */
let product: { id: string; name: string };
let other: { id: string; name: string };

type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'DELETE';

/** Events the API's changes record, heard as the dashboards' own are (docs/architecture.md). */
const heard: { type: string; payload: unknown }[] = [];
const PROBED = [
  'reseller.keys_purchased',
  'subscription.paused',
  'subscription.resumed',
  'hwid.reset',
  'machine.released',
  'user.banned',
] as const;

beforeAll(async () => {
  t = await createTestApp({
    eventHandlers: PROBED.map((on) =>
      defineHandler({
        name: `test.seller-api-probe.${on}`,
        on,
        handle(event) {
          heard.push({ type: event.type, payload: event.payload });
          return Promise.resolve();
        },
      }),
    ),
  });
  admin = await t.createUser({ role: 'admin', username: 'chefe_api' });
  product = await t.fixtures.product({ name: 'Aim Pro', plans: { monthly: 1250, weekly: 400 } });
  other = await t.fixtures.product({ name: 'Wall Hack', plans: { monthly: 2000 } });
});
afterAll(() => t.close());

/** What the probes heard, once the handlers that follow the answers so far ran. */
async function heardSoFar(): Promise<typeof heard> {
  await t.app.outbox.idle();
  return heard;
}

/** A seller API token of `user` holding `scopes`, created as its owner creates one on the site. */
async function tokenOf(user: TestUser, scopes: ApiTokenScope[]): Promise<Headers> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    // A session opened now: tests move the clock past a session's lifetime.
    headers: { authorization: `Bearer ${await t.tokenFor(user)}` },
    payload: { name: 'teste', scopes },
  });
  if (response.statusCode !== 201) {
    throw new Error(`API token not created: ${response.statusCode} ${response.body}`);
  }
  return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
}

function v1(method: Method, path: string, headers: object, payload?: object | string) {
  return t.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: {
      ...headers,
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function keysCreatedBy(userId: string) {
  return t.database.db
    .selectFrom('license_keys')
    .select(['key', 'product_id', 'duration_days', 'status', 'price_cents'])
    .where('created_by', '=', userId)
    .execute();
}

async function activityOf(userId: string) {
  return t.database.db
    .selectFrom('activity')
    .select(['type', 'action', 'ip'])
    .where('actor_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

const ALL_ADMIN_SCOPES: ApiTokenScope[] = [
  'keys:read',
  'keys:write',
  'licenses:read',
  'licenses:write',
  'users:read',
  'users:write',
];

describe('POST /api/v1/keys', () => {
  let adminToken: Headers;
  beforeAll(async () => {
    adminToken = await tokenOf(admin, ['keys:read', 'keys:write']);
  });

  it('issues an admin token’s keys as the dashboard generates them, logged "via API"', async () => {
    const response = await v1('POST', '/keys', adminToken, {
      productId: product.id,
      durationType: 'weekly',
      quantity: 3,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<ApiGenerateKeysResponse>();
    expect(body).toMatchObject({ productId: product.id, durationType: 'weekly', days: 7 });
    expect(body.total).toBeNull();
    expect(body.keys).toHaveLength(3);
    const stored = await keysCreatedBy(admin.id);
    for (const key of body.keys) {
      expect(stored).toContainEqual(
        expect.objectContaining({
          key,
          product_id: product.id,
          duration_days: 7,
          status: 'active',
        }),
      );
    }
    const last = (await activityOf(admin.id)).at(-1);
    expect(last).toMatchObject({
      type: 'key.generated',
      action: `${messages.activity.keysGenerated(3, 'Aim Pro')}${text.logViaApi}`,
      ip: '127.0.0.1',
    });
  });

  it('buys a reseller token’s keys exactly as the dashboard’s purchase does', async () => {
    const viaDashboard = await t.createResellerViaAdmin(admin.headers, 100);
    const viaApi = await t.createResellerViaAdmin(admin.headers, 100);
    const token = await tokenOf(viaApi, ['keys:write']);
    const order = { productId: product.id, durationType: 'monthly', quantity: 2 } as const;

    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/keys',
      headers: viaDashboard.headers,
      payload: order,
    });
    expect(bought.statusCode).toBe(201);
    const response = await v1('POST', '/keys', token, order);
    expect(response.statusCode).toBe(201);
    const body = response.json<ApiGenerateKeysResponse>();
    const dashboard = bought.json<BuyKeysResponse>();
    expect(body.total).toBe(dashboard.total);
    expect(body.balance).toBe(dashboard.balance);
    expect(body.keys).toHaveLength(2);

    const [dashboardLedger, apiLedger] = await Promise.all([
      t.fixtures.ledger(viaDashboard.id),
      t.fixtures.ledger(viaApi.id),
    ]);
    expect(apiLedger.map(({ amount_cents, reason }) => ({ amount_cents, reason }))).toEqual(
      dashboardLedger.map(({ amount_cents, reason }) => ({ amount_cents, reason })),
    );
    expect(await t.fixtures.expectLedgerMatches(viaApi.id)).toBe(10_000 - 2 * 1250);
    const prices = (await keysCreatedBy(viaApi.id)).map((key) => Number(key.price_cents));
    expect(prices).toEqual(
      (await keysCreatedBy(viaDashboard.id)).map((key) => Number(key.price_cents)),
    );
    const [dashboardLine, apiLine] = [
      (await activityOf(viaDashboard.id)).at(-1),
      (await activityOf(viaApi.id)).at(-1),
    ];
    expect(apiLine?.type).toBe('reseller.keys_purchased');
    expect(
      (await heardSoFar()).find((event) => event.type === 'reseller.keys_purchased')?.payload,
    ).toMatchObject({
      resellerId: viaDashboard.id,
      productId: product.id,
      quantity: 2,
      totalCents: 2500,
    });
    expect(
      (await heardSoFar()).filter((event) => event.type === 'reseller.keys_purchased').at(-1)
        ?.payload,
    ).toMatchObject({
      resellerId: viaApi.id,
      productId: product.id,
      durationType: 'monthly',
      quantity: 2,
      unitCents: 1250,
      totalCents: 2500,
    });
    expect(apiLine?.action).toBe(`${dashboardLine?.action}${text.logViaApi}`);
  });

  it('refuses a reseller whose balance is short (409) and issues nothing', async () => {
    const reseller = await t.createResellerViaAdmin(admin.headers, 20);
    const token = await tokenOf(reseller, ['keys:write']);
    const response = await v1('POST', '/keys', token, {
      productId: product.id,
      durationType: 'monthly',
      quantity: 2,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await keysCreatedBy(reseller.id)).toHaveLength(0);
    expect(await t.fixtures.balance(reseller.id)).toBe(2000);
  });

  it('refuses a reseller a plan the product does not sell (422), nothing debited', async () => {
    const reseller = await t.createResellerViaAdmin(admin.headers, 100);
    const token = await tokenOf(reseller, ['keys:write']);
    const response = await v1('POST', '/keys', token, {
      productId: other.id,
      durationType: 'weekly',
      quantity: 1,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'PLAN_NOT_FOUND' });
    expect(await t.fixtures.balance(reseller.id)).toBe(10_000);
  });

  it('caps a reseller at its purchase size (400)', async () => {
    const reseller = await t.createResellerViaAdmin(admin.headers, 10_000);
    const token = await tokenOf(reseller, ['keys:write']);
    const response = await v1('POST', '/keys', token, {
      productId: product.id,
      durationType: 'weekly',
      quantity: 501,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: text.resellerQuantityRange });
    expect(await t.fixtures.balance(reseller.id)).toBe(1_000_000);
  });

  it.each([
    ['an unknown product', { productId: 'nao-existe', durationType: 'monthly', quantity: 1 }, 404],
    ['an unknown plan', { productId: 'x', durationType: 'yearly', quantity: 1 }, 400],
    ['quantity 0', { productId: 'x', durationType: 'monthly', quantity: 0 }, 400],
    ['quantity 1001', { productId: 'x', durationType: 'monthly', quantity: 1001 }, 400],
    ['a quantity as text', { productId: 'x', durationType: 'monthly', quantity: '5' }, 400],
    ['an extra field', { productId: 'x', durationType: 'monthly', quantity: 1, price: 0 }, 400],
    ['no body fields', {}, 400],
  ])('answers %s with a pt-BR 4xx', async (_name, payload, status) => {
    const response = await v1('POST', '/keys', adminToken, payload);
    expect(response.statusCode).toBe(status);
    const body = response.json<{ message: string; code: string }>();
    expect(body.code).toEqual(expect.any(String));
    expect(body.message).toMatch(/[a-zà-ú]/i);
    expect(body.message).not.toMatch(/Expected|Invalid input|Required/);
  });

  it('refuses deeply nested JSON and a huge body without a 500', async () => {
    const nested = `{"productId":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const deep = await v1('POST', '/keys', adminToken, nested);
    expect(deep.statusCode).toBeGreaterThanOrEqual(400);
    expect(deep.statusCode).toBeLessThan(500);
    const huge = await v1(
      'POST',
      '/keys',
      adminToken,
      JSON.stringify({ productId: 'x'.repeat(3_000_000), durationType: 'monthly', quantity: 1 }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('needs keys:write (403) and a live token (401)', async () => {
    const readOnly = await tokenOf(admin, ['keys:read']);
    const payload = { productId: product.id, durationType: 'monthly', quantity: 1 };
    const refused = await v1('POST', '/keys', readOnly, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'API_TOKEN_SCOPE' });
    const anonymous = await v1('POST', '/keys', {}, payload);
    expect(anonymous.statusCode).toBe(401);
    // A site session is no API token.
    const session = await v1('POST', '/keys', admin.headers, payload);
    expect(session.statusCode).toBe(401);
  });
});

describe('one key: GET, ban, unban, DELETE /api/v1/keys/:key', () => {
  let adminToken: Headers;
  let readOnly: Headers;
  let reseller: TestUser;
  let resellerToken: Headers;
  let otherReseller: Headers;
  beforeAll(async () => {
    adminToken = await tokenOf(admin, ['keys:read', 'keys:write']);
    readOnly = await tokenOf(admin, ['keys:read']);
    reseller = await t.createResellerViaAdmin(admin.headers, 100);
    resellerToken = await tokenOf(reseller, ['keys:read', 'keys:write']);
    otherReseller = await tokenOf(await t.createResellerViaAdmin(admin.headers, 100), [
      'keys:read',
      'keys:write',
    ]);
  });

  async function resellerKey(): Promise<string> {
    const response = await v1('POST', '/keys', resellerToken, {
      productId: product.id,
      durationType: 'weekly',
      quantity: 1,
    });
    expect(response.statusCode).toBe(201);
    const [key] = response.json<ApiGenerateKeysResponse>().keys;
    if (!key) throw new Error('no key');
    return key;
  }

  it('finds a key by its value, typed in any case', async () => {
    const key = await resellerKey();
    const response = await v1('GET', `/keys/${key.toLowerCase()}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiKey>()).toMatchObject({
      key,
      productId: product.id,
      product: 'Aim Pro',
      days: 7,
      status: 'active',
      redeemedBy: null,
    });
    const own = await v1('GET', `/keys/${key}`, resellerToken);
    expect(own.statusCode).toBe(200);
  });

  it('refuses a malformed key (400) and maps no look-alike characters', async () => {
    const malformed = await v1('GET', '/keys/abc', adminToken);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: text.keyFormat });
    const key = await resellerKey();
    // An O typed for a 0 (or the reverse) is another key, never silently the same one.
    const swapped = key.includes('0') ? key.replace('0', 'O') : `${key.slice(0, 17)}0`;
    const response = await v1('GET', `/keys/${swapped}`, adminToken);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'KEY_NOT_FOUND', message: text.keyNotFound });
  });

  it('bans and unbans an unused key, with the dashboard’s activity lines', async () => {
    const key = await resellerKey();
    const banned = await v1('POST', `/keys/${key}/ban`, resellerToken);
    expect(banned.statusCode).toBe(200);
    expect(banned.json<ApiKey>().status).toBe('banned');
    expect((await activityOf(reseller.id)).at(-1)).toMatchObject({
      type: 'key.banned',
      action: `${messages.activity.keyBanned(key)}${text.logViaApi}`,
    });
    const unbanned = await v1('POST', `/keys/${key}/unban`, adminToken);
    expect(unbanned.statusCode).toBe(200);
    expect(unbanned.json<ApiKey>().status).toBe('active');
  });

  it('lets a reseller lift only its own bans: the admin’s holds (403), key menu or API', async () => {
    const key = await resellerKey();
    const stored = () =>
      t.database.db
        .selectFrom('license_keys')
        .select(['id', 'status', 'banned_by'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
    const { id } = await stored();
    const keyMenu = (status: 'banned' | 'active') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/keys/${id}`,
        headers: admin.headers,
        payload: { status },
      });
    const notYours = { message: messages.admin.keyBanNotYours, code: 'KEY_BAN_NOT_YOURS' };

    // The admin bans the reseller's key from the key menu: the reseller cannot lift it.
    expect((await keyMenu('banned')).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ status: 'banned', banned_by: admin.id });
    const refused = await v1('POST', `/keys/${key}/unban`, resellerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(notYours);
    // Banning it again does not make the ban the reseller's.
    expect((await v1('POST', `/keys/${key}/ban`, resellerToken)).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ status: 'banned', banned_by: admin.id });
    expect((await v1('POST', `/keys/${key}/unban`, resellerToken)).json()).toEqual(notYours);
    // An admin lifts it, through the API as through the key menu.
    const lifted = await v1('POST', `/keys/${key}/unban`, adminToken);
    expect(lifted.statusCode).toBe(200);
    expect(await stored()).toMatchObject({ status: 'active', banned_by: null });

    // The reseller's own ban: the reseller lifts it; so may an admin, from the key menu.
    expect((await v1('POST', `/keys/${key}/ban`, resellerToken)).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ status: 'banned', banned_by: reseller.id });
    const own = await v1('POST', `/keys/${key}/unban`, resellerToken);
    expect(own.statusCode).toBe(200);
    expect(own.json<ApiKey>().status).toBe('active');
    expect((await v1('POST', `/keys/${key}/ban`, resellerToken)).statusCode).toBe(200);
    expect((await keyMenu('active')).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ status: 'active', banned_by: null });
  });

  it('refuses to ban a used key (409)', async () => {
    const key = await resellerKey();
    const customer = await t.createUser();
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/client/redeem-key',
      headers: customer.headers,
      payload: { keyValue: key },
    });
    expect(redeemed.statusCode).toBe(200);
    const response = await v1('POST', `/keys/${key}/ban`, adminToken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'KEY_NOT_UNUSED' });
  });

  it('deletes a key', async () => {
    const key = await resellerKey();
    const response = await v1('DELETE', `/keys/${key}`, resellerToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: text.keyDeleted });
    expect((await v1('GET', `/keys/${key}`, adminToken)).statusCode).toBe(404);
  });

  it('a keys:read token cannot ban, unban or delete (403)', async () => {
    const key = await resellerKey();
    for (const [method, path] of [
      ['POST', `/keys/${key}/ban`],
      ['POST', `/keys/${key}/unban`],
      ['DELETE', `/keys/${key}`],
    ] as const) {
      const response = await v1(method, path, readOnly);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'API_TOKEN_SCOPE' });
    }
  });

  it('hides another reseller’s and the admin’s keys from a reseller token (404)', async () => {
    const mine = await resellerKey();
    const adminKey = await v1('POST', '/keys', adminToken, {
      productId: product.id,
      durationType: 'weekly',
      quantity: 1,
    });
    const [theirs] = adminKey.json<ApiGenerateKeysResponse>().keys;
    for (const [token, key] of [
      [otherReseller, mine],
      [resellerToken, theirs ?? ''],
    ] as const) {
      for (const [method, path] of [
        ['GET', `/keys/${key}`],
        ['POST', `/keys/${key}/ban`],
        ['POST', `/keys/${key}/unban`],
        ['DELETE', `/keys/${key}`],
      ] as const) {
        const response = await v1(method, path, token);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'KEY_NOT_FOUND' });
      }
    }
    expect((await v1('GET', `/keys/${mine}`, resellerToken)).json<ApiKey>().status).toBe('active');
    expect((await v1('GET', `/keys/${theirs}`, adminToken)).json<ApiKey>().status).toBe('active');
  });

  it('keeps a reseller token out of licences and users (403)', async () => {
    const key = await resellerKey();
    for (const [method, path] of [
      ['GET', `/licenses/by-key/${key}`],
      ['GET', `/licenses?user=${admin.id}`],
      ['POST', '/licenses/x/days'],
      ['GET', '/users/lookup?username=chefe_api'],
      ['POST', `/users/${admin.id}/ban`],
    ] as const) {
      const response = await v1(method, path, resellerToken, method === 'POST' ? {} : undefined);
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('GET /api/v1/keys', () => {
  let reseller: TestUser;
  let token: Headers;
  let adminToken: Headers;
  const issued: string[] = [];

  beforeAll(async () => {
    reseller = await t.createResellerViaAdmin(admin.headers, 1000);
    token = await tokenOf(reseller, ['keys:read', 'keys:write']);
    adminToken = await tokenOf(admin, ['keys:read']);
    // Batches share their created_at: the id breaks the ties.
    for (const [productId, quantity] of [
      [product.id, 5],
      [other.id, 4],
      [product.id, 6],
    ] as const) {
      const response = await v1('POST', '/keys', token, {
        productId,
        durationType: 'monthly',
        quantity,
      });
      expect(response.statusCode).toBe(201);
      issued.push(...response.json<ApiGenerateKeysResponse>().keys);
      t.clock.advance(1000);
    }
  });

  async function walk(query: string, headers: Headers = token): Promise<ApiKey[]> {
    const seen: ApiKey[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const url: string = `/keys?limit=4${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await v1('GET', url, headers);
      expect(response.statusCode).toBe(200);
      const body = response.json<ApiKeysPage>();
      expect(body.data.length).toBeLessThanOrEqual(4);
      seen.push(...body.data);
      expect(body.hasMore).toBe(body.nextCursor !== null);
      if (!body.hasMore) return seen;
      cursor = body.nextCursor;
    }
    throw new Error('paging did not end');
  }

  it('walks every one of the reseller’s keys exactly once, newest first', async () => {
    const seen = await walk('');
    expect(seen.map((key) => key.key).sort()).toEqual([...issued].sort());
    const order = seen.map((key) => [key.createdAt, key.id] as const);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? 1 : -1)));
  });

  it('filters by product, creation time, status and redemption', async () => {
    expect(await walk(`&productId=${other.id}`)).toHaveLength(4);
    const all = await walk('');
    const newest = all[0]?.createdAt ?? '';
    expect(await walk(`&createdAfter=${encodeURIComponent(newest)}`)).toHaveLength(0);
    expect(await walk(`&createdBefore=${encodeURIComponent(newest)}`)).toHaveLength(9);
    const [first] = issued;
    const customer = await t.createUser();
    await t.app.inject({
      method: 'POST',
      url: '/api/client/redeem-key',
      headers: customer.headers,
      payload: { keyValue: first },
    });
    const redeemed = await walk('&redeemed=true');
    expect(redeemed.map((key) => key.key)).toEqual([first]);
    expect(redeemed[0]).toMatchObject({ status: 'used', redeemedBy: customer.username });
    expect(await walk('&redeemed=false')).toHaveLength(14);
    expect(await walk('&status=used')).toHaveLength(1);
  });

  it('shows an admin token every key, the reseller’s among them', async () => {
    const seen = (await walk('', adminToken)).map((key) => key.key);
    expect(seen).toEqual(expect.arrayContaining(issued));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it.each([
    ['a forged cursor', '?cursor=bm90LWpzb24', 'CURSOR_INVALID'],
    ['a limit of 0', '?limit=0', 'VALIDATION_ERROR'],
    ['a limit of 201', '?limit=201', 'VALIDATION_ERROR'],
    ['a bad date', '?createdAfter=ontem', 'VALIDATION_ERROR'],
    ['a bad flag', '?redeemed=sim', 'VALIDATION_ERROR'],
    ['an unknown filter', '?sort=key', 'VALIDATION_ERROR'],
  ])('refuses %s (400)', async (_name, query, code) => {
    const response = await v1('GET', `/keys${query}`, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
  });
});

describe('POST /api/v1/deliveries', () => {
  const valid = { orderId: 'a', productId: 'x', plan: 'monthly', quantity: 1 };
  let reseller: TestUser;
  let token: Headers;
  let adminToken: Headers;
  beforeAll(async () => {
    reseller = await t.createResellerViaAdmin(admin.headers, 500);
    token = await tokenOf(reseller, ['keys:write']);
    adminToken = await tokenOf(admin, ['keys:write']);
  });

  const order = (orderId: string, quantity = 2) => ({
    orderId,
    productId: product.id,
    plan: 'monthly',
    quantity,
    customerEmail: 'Cliente@Example.com',
  });

  async function storedDeliveries(ownerId: string, orderId: string) {
    return t.database.db
      .selectFrom('storefront_deliveries')
      .select(['id', 'customer_email', 'quantity'])
      .where('owner_id', '=', ownerId)
      .where('order_id', '=', orderId)
      .execute();
  }

  it('delivers once and answers the same keys on a retry', async () => {
    const before = await t.fixtures.balance(reseller.id);
    const first = await v1('POST', '/deliveries', token, order('inv-1001'));
    expect(first.statusCode).toBe(201);
    const delivered = first.json<ApiDeliveryResponse>();
    expect(delivered).toMatchObject({ orderId: 'inv-1001', replayed: false });
    expect(delivered.keys).toHaveLength(2);

    const retry = await v1('POST', '/deliveries', token, order('inv-1001'));
    expect(retry.statusCode).toBe(200);
    expect(retry.json<ApiDeliveryResponse>()).toEqual({ ...delivered, replayed: true });
    expect(await t.fixtures.balance(reseller.id)).toBe(before - 2 * 1250);
    expect(await keysCreatedBy(reseller.id)).toHaveLength(2);
    expect(await storedDeliveries(reseller.id, 'inv-1001')).toEqual([
      expect.objectContaining({ customer_email: 'cliente@example.com', quantity: 2 }),
    ]);
    await t.fixtures.expectLedgerMatches(reseller.id);
  });

  it('refuses another product, plan or quantity under a delivered orderId (409)', async () => {
    await v1('POST', '/deliveries', token, order('inv-1002'));
    for (const change of [{ productId: other.id }, { plan: 'weekly' }, { quantity: 3 }]) {
      const response = await v1('POST', '/deliveries', token, { ...order('inv-1002'), ...change });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: text.deliveryMismatch,
        code: 'DELIVERY_MISMATCH',
      });
    }
  });

  it.each([2, 5])(
    'issues one set of keys and debits once for %i concurrent calls',
    async (calls) => {
      const orderId = `inv-concurrent-${calls}`;
      const before = await t.fixtures.balance(reseller.id);
      const keysBefore = (await keysCreatedBy(reseller.id)).length;
      const responses = await Promise.all(
        Array.from({ length: calls }, () => v1('POST', '/deliveries', token, order(orderId))),
      );
      const bodies = responses.map((response) => response.json<ApiDeliveryResponse>());
      expect(responses.map((response) => response.statusCode).sort()).toEqual(
        [201, ...Array<number>(calls - 1).fill(200)].sort(),
      );
      const [first] = bodies;
      for (const body of bodies) expect(body.keys).toEqual(first?.keys);
      expect(bodies.filter((body) => !body.replayed)).toHaveLength(1);
      expect(await t.fixtures.balance(reseller.id)).toBe(before - 2 * 1250);
      expect((await keysCreatedBy(reseller.id)).length).toBe(keysBefore + 2);
      expect(await storedDeliveries(reseller.id, orderId)).toHaveLength(1);
      await t.fixtures.expectLedgerMatches(reseller.id);
    },
  );

  it('keeps each owner’s orderIds apart', async () => {
    const mine = await v1('POST', '/deliveries', token, order('inv-shared', 1));
    const theirs = await v1('POST', '/deliveries', adminToken, order('inv-shared', 1));
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<ApiDeliveryResponse>().keys).not.toEqual(
      mine.json<ApiDeliveryResponse>().keys,
    );
  });

  it('stores nothing when the balance is short, so a retry after a top-up delivers', async () => {
    const poor = await t.createResellerViaAdmin(admin.headers, 10);
    const poorToken = await tokenOf(poor, ['keys:write']);
    const refused = await v1('POST', '/deliveries', poorToken, order('inv-poor', 1));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await storedDeliveries(poor.id, 'inv-poor')).toHaveLength(0);
    expect(await keysCreatedBy(poor.id)).toHaveLength(0);

    await t.database.db
      .updateTable('users')
      .set({ balance_cents: 5000 })
      .where('id', '=', poor.id)
      .execute();
    const delivered = await v1('POST', '/deliveries', poorToken, order('inv-poor', 1));
    expect(delivered.statusCode).toBe(201);
    expect(delivered.json<ApiDeliveryResponse>().keys).toHaveLength(1);
  });

  it('refuses with 409 PRODUCT_NOT_OPERATIONAL while the product is down, still replaying earlier orders', async () => {
    const down = await t.fixtures.product({ name: 'Caiu', plans: { monthly: 1000 } });
    const note = 'Manutenção do servidor';
    const deliver = (headers: Headers, orderId: string) =>
      v1('POST', '/deliveries', headers, {
        orderId,
        productId: down.id,
        plan: 'monthly',
        quantity: 1,
      });
    const earlier = await deliver(token, 'inv-down-1');
    expect(earlier.statusCode).toBe(201);
    await t.fixtures.productOperational(down.id, { status: 'unavailable', note });
    const before = await t.fixtures.balance(reseller.id);

    for (const [headers, owner] of [
      [token, reseller],
      [adminToken, admin],
    ] as const) {
      const refused = await deliver(headers, 'inv-down-2');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: productStatusMessages.notForSale(PRODUCT_OPERATIONAL_LABELS.unavailable, note),
        code: 'PRODUCT_NOT_OPERATIONAL',
      });
      expect(await storedDeliveries(owner.id, 'inv-down-2')).toEqual([]);
    }
    expect(await t.fixtures.balance(reseller.id)).toBe(before);
    // An order delivered before the outage answers its keys again.
    const replay = await deliver(token, 'inv-down-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json<ApiDeliveryResponse>()).toEqual({
      ...earlier.json<ApiDeliveryResponse>(),
      replayed: true,
    });

    // Sold while down when the seller chose to; the refused order then delivers.
    await t.fixtures.productOperational(down.id, {
      status: 'unavailable',
      sellWhileDown: true,
    });
    expect((await deliver(adminToken, 'inv-down-2')).statusCode).toBe(201);
  });

  it.each([
    ['no orderId', { productId: 'x', plan: 'monthly', quantity: 1 }, 400],
    ['an unknown product', { orderId: 'a', productId: 'nada', plan: 'monthly', quantity: 1 }, 404],
    ['an unknown plan', { orderId: 'a', productId: 'x', plan: 'anual', quantity: 1 }, 400],
    ['quantity 0', { orderId: 'a', productId: 'x', plan: 'monthly', quantity: 0 }, 400],
    ['quantity 1001', { orderId: 'a', productId: 'x', plan: 'monthly', quantity: 1001 }, 400],
    ['a bad e-mail', { ...valid, customerEmail: 'nao-e-email' }, 400],
    ['a too long orderId', { ...valid, orderId: 'x'.repeat(129) }, 400],
    ['an extra field', { ...valid, price: 0 }, 400],
  ])('answers %s with a pt-BR 4xx', async (_name, payload, status) => {
    const response = await v1('POST', '/deliveries', adminToken, payload);
    expect(response.statusCode).toBe(status);
    const body = response.json<{ message: string; code: string }>();
    expect(body.code).toMatch(/^[A-Z_]+$/);
    expect(body.message).toMatch(/[a-zà-ú]/i);
  });
});

describe('licences', () => {
  let token: Headers;
  let readOnly: Headers;
  let customer: TestUser;
  let key: string;
  let license: ApiLicense;

  beforeAll(async () => {
    token = await tokenOf(admin, ALL_ADMIN_SCOPES);
    readOnly = await tokenOf(admin, ['licenses:read']);
    customer = await t.createUser({ username: 'cliente_api', email: 'cliente_api@example.com' });
    const generated = await v1('POST', '/keys', token, {
      productId: product.id,
      durationType: 'monthly',
      quantity: 1,
    });
    key = generated.json<ApiGenerateKeysResponse>().keys[0] ?? '';
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/client/redeem-key',
      headers: customer.headers,
      payload: { keyValue: key },
    });
    expect(redeemed.statusCode).toBe(200);
  });

  async function current(): Promise<ApiLicense> {
    const response = await v1('GET', `/licenses/by-key/${key}`, readOnly);
    expect(response.statusCode).toBe(200);
    return response.json<ApiLicense>();
  }

  it('finds the licence a key fed, by key and by user id, username or e-mail', async () => {
    license = await current();
    expect(license).toMatchObject({
      user_id: customer.id,
      username: 'cliente_api',
      product_id: product.id,
      product_name: 'Aim Pro',
      status: 'active',
      days_remaining: 30,
      machines: [],
    });
    expect(license.pause_credits).toEqual(expect.any(Number));
    for (const user of [customer.id, 'cliente_api', 'CLIENTE_API@example.com']) {
      const response = await v1('GET', `/licenses?user=${encodeURIComponent(user)}`, readOnly);
      expect(response.statusCode).toBe(200);
      expect(response.json<ApiLicensesResponse>().data).toEqual([license]);
    }
  });

  it('answers 404 for an unknown user, key or unredeemed key', async () => {
    expect((await v1('GET', '/licenses?user=ninguem', readOnly)).statusCode).toBe(404);
    const unused = await v1('POST', '/keys', token, {
      productId: product.id,
      durationType: 'weekly',
      quantity: 1,
    });
    const [fresh] = unused.json<ApiGenerateKeysResponse>().keys;
    const response = await v1('GET', `/licenses/by-key/${fresh}`, readOnly);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: text.keyNotRedeemed });
    expect((await v1('POST', '/licenses/nao-existe/days', token, { days: 1 })).statusCode).toBe(
      404,
    );
  });

  it('adds and removes days as the admin dialog does', async () => {
    const added = await v1('POST', `/licenses/${license.id}/days`, token, { days: 5 });
    expect(added.statusCode).toBe(200);
    expect(added.json<ApiLicense>().days_remaining).toBe(35);
    const removed = await v1('POST', `/licenses/${license.id}/days`, token, { days: -10 });
    expect(removed.json<ApiLicense>().days_remaining).toBe(25);
    expect((await activityOf(admin.id)).at(-1)?.action).toBe(
      `${messages.activity.subscriptionDays('cliente_api', 'Aim Pro', -10)}${text.logViaApi}`,
    );
    for (const days of ['5', 0, 1.5, null]) {
      const response = await v1('POST', `/licenses/${license.id}/days`, token, { days });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: messages.admin.daysNonZero });
    }
  });

  it('pauses (clock frozen) and resumes a licence', async () => {
    const before = await current();
    const paused = await v1('POST', `/licenses/${license.id}/pause`, token);
    expect(paused.statusCode).toBe(200);
    expect(paused.json<ApiLicense>()).toMatchObject({ status: 'paused', paused_by: 'admin' });
    expect(paused.json<ApiLicense>().pause_credits).toBe(before.pause_credits);
    t.clock.advance(3 * DAY);
    expect((await current()).days_remaining).toBe(before.days_remaining);
    const again = await v1('POST', `/licenses/${license.id}/pause`, token);
    expect(again.statusCode).toBe(409);
    // The customer cannot lift the administration's pause.
    const byCustomer = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/subscriptions/${license.id}/status`,
      headers: { authorization: `Bearer ${await t.tokenFor(customer)}` },
      payload: { status: 'active' },
    });
    expect(byCustomer.statusCode).toBe(409);
    expect(byCustomer.json()).toMatchObject({ code: 'PAUSED_BY_ADMIN' });
    // Nor does the undo of "pause all": it restarts only what it froze.
    const adminSession = { authorization: `Bearer ${await t.tokenFor(admin)}` };
    for (const value of ['on', 'off']) {
      const toggled = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: adminSession,
        payload: { key: 'pause_all_users', value },
      });
      expect(toggled.statusCode, toggled.body).toBe(200);
    }
    expect(await current()).toMatchObject({ status: 'paused', paused_by: 'admin' });
    const resumed = await v1('POST', `/licenses/${license.id}/resume`, token);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<ApiLicense>()).toMatchObject({
      status: 'active',
      days_remaining: before.days_remaining,
    });
    expect((await v1('POST', `/licenses/${license.id}/resume`, token)).statusCode).toBe(409);
    const lines = await activityOf(admin.id);
    expect(
      lines
        .map((line) => line.type)
        .filter((type) => type.startsWith('subscription.'))
        .slice(-2),
    ).toEqual(['subscription.paused', 'subscription.resumed']);
    for (const type of ['subscription.paused', 'subscription.resumed']) {
      expect(await heardSoFar()).toContainEqual({
        type,
        payload: { subscriptionId: license.id, userId: customer.id, by: 'admin' },
      });
    }
  });

  it('resets every machine, or releases one', async () => {
    await t.fixtures.machine(license.id, 'HWID-A');
    await t.fixtures.machine(license.id, 'HWID-B');
    await t.fixtures.machine(license.id, 'HWID-C');
    const machines = (await current()).machines;
    expect(machines).toHaveLength(3);
    const [one] = machines;
    const released = await v1('DELETE', `/licenses/${license.id}/machines/${one?.id}`, token);
    expect(released.statusCode).toBe(200);
    expect((await current()).machines.map((machine) => machine.hwid).sort()).toEqual(
      machines
        .filter((machine) => machine.id !== one?.id)
        .map((machine) => machine.hwid)
        .sort(),
    );
    const gone = await v1('DELETE', `/licenses/${license.id}/machines/${one?.id}`, token);
    expect(gone.statusCode).toBe(404);

    const reset = await v1('POST', `/licenses/${license.id}/reset-hwid`, token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json<ApiLicense>().machines).toEqual([]);
    expect(
      (await heardSoFar()).find((event) => event.type === 'machine.released')?.payload,
    ).toMatchObject({
      machineId: one?.id,
      subscriptionId: license.id,
      ownerId: customer.id,
      by: admin.id,
    });
    expect(await heardSoFar()).toContainEqual({
      type: 'hwid.reset',
      payload: {
        subscriptionId: license.id,
        userId: customer.id,
        machinesReleased: 2,
        by: admin.id,
      },
    });
    const nothing = await v1('POST', `/licenses/${license.id}/reset-hwid`, token);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'NO_HWID_BOUND' });
  });

  it('refuses to pause an expired licence (409)', async () => {
    const lapsed = await t.createUser();
    const sub = await t.fixtures.subscription(lapsed.id, other.id, {
      expiresAt: t.clock.now() - DAY,
    });
    const response = await v1('POST', `/licenses/${sub.id}/pause`, token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SUBSCRIPTION_EXPIRED',
      message: text.expiredCannotPause,
    });
    expect((await t.fixtures.subscriptionRow(sub.id))?.status).toBe('active');
  });

  it('a licenses:read token cannot change a licence (403)', async () => {
    const response = await v1('POST', `/licenses/${license.id}/days`, readOnly, { days: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'API_TOKEN_SCOPE' });
  });
});

describe('users', () => {
  let token: Headers;
  let customer: TestUser;
  beforeAll(async () => {
    token = await tokenOf(admin, ['users:read', 'users:write']);
    customer = await t.createUser({ username: 'alvo_api', email: 'alvo_api@example.com' });
  });

  it('looks an account up by username or e-mail', async () => {
    for (const query of ['username=ALVO_API', 'email=alvo_api%40example.com']) {
      const response = await v1('GET', `/users/lookup?${query}`, token);
      expect(response.statusCode).toBe(200);
      expect(response.json<ApiUser>()).toMatchObject({
        id: customer.id,
        username: 'alvo_api',
        email: 'alvo_api@example.com',
        role: 'client',
        status: 'active',
        subscriptions: [],
      });
    }
    expect((await v1('GET', '/users/lookup?username=ninguem', token)).statusCode).toBe(404);
    const both = await v1('GET', '/users/lookup?username=a&email=b', token);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: text.lookupOne });
    expect((await v1('GET', '/users/lookup', token)).statusCode).toBe(400);
  });

  it('bans and unbans an account, never an admin', async () => {
    const banned = await v1('POST', `/users/${customer.id}/ban`, token);
    expect(banned.statusCode).toBe(200);
    expect(banned.json<ApiUser>().status).toBe('banned');
    expect((await activityOf(admin.id)).at(-1)?.action).toBe(
      `${messages.activity.userBanned('alvo_api')}${text.logViaApi}`,
    );
    expect(await heardSoFar()).toContainEqual({
      type: 'user.banned',
      payload: { userId: customer.id, by: admin.id },
    });
    // The ban ends the account's site sessions at once, as the dashboard's does.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/client/dashboard',
      headers: customer.headers,
    });
    expect(session.statusCode).toBe(401);
    const unbanned = await v1('POST', `/users/${customer.id}/unban`, token);
    expect(unbanned.json<ApiUser>().status).toBe('active');

    const otherAdmin = await t.createUser({ role: 'admin' });
    const refused = await v1('POST', `/users/${otherAdmin.id}/ban`, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CANNOT_TARGET_ADMIN' });
    expect((await v1('POST', '/users/nao-existe/ban', token)).statusCode).toBe(404);
  });

  it('a users:read token cannot ban (403)', async () => {
    const readOnly = await tokenOf(admin, ['users:read']);
    const response = await v1('POST', `/users/${customer.id}/ban`, readOnly);
    expect(response.statusCode).toBe(403);
  });
});

describe('the v1 scope', () => {
  it('replays a POST /keys repeated with its Idempotency-Key: one batch issued', async () => {
    const adminNow = { authorization: `Bearer ${await t.tokenFor(admin)}` };
    const reseller = await t.createResellerViaAdmin(adminNow, 100);
    const token = await tokenOf(reseller, ['keys:write']);
    const headers = { ...token, 'idempotency-key': 'lote-0001' };
    const payload = { productId: product.id, durationType: 'weekly', quantity: 3 };
    const first = await v1('POST', '/keys', headers, payload);
    const again = await v1('POST', '/keys', headers, payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json<ApiGenerateKeysResponse>().keys).toEqual(
      first.json<ApiGenerateKeysResponse>().keys,
    );
    expect(await keysCreatedBy(reseller.id)).toHaveLength(3);
    expect(await t.fixtures.balance(reseller.id)).toBe(10_000 - 3 * 400);
  });

  it('documents every endpoint with the API token scheme, tags and examples', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json<{
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown;
            tags?: string[];
            responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
          }
        >
      >;
    }>();
    const endpoints: [string, string][] = [
      ['/api/v1/keys', 'post'],
      ['/api/v1/keys', 'get'],
      ['/api/v1/keys/{key}', 'get'],
      ['/api/v1/keys/{key}/ban', 'post'],
      ['/api/v1/keys/{key}/unban', 'post'],
      ['/api/v1/keys/{key}', 'delete'],
      ['/api/v1/licenses/by-key/{key}', 'get'],
      ['/api/v1/licenses', 'get'],
      ['/api/v1/licenses/{subscriptionId}/days', 'post'],
      ['/api/v1/licenses/{subscriptionId}/pause', 'post'],
      ['/api/v1/licenses/{subscriptionId}/resume', 'post'],
      ['/api/v1/licenses/{subscriptionId}/reset-hwid', 'post'],
      ['/api/v1/licenses/{subscriptionId}/machines/{machineId}', 'delete'],
      ['/api/v1/users/lookup', 'get'],
      ['/api/v1/users/{id}/ban', 'post'],
      ['/api/v1/users/{id}/unban', 'post'],
      ['/api/v1/deliveries', 'post'],
    ];
    for (const [path, method] of endpoints) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.security).toEqual([{ apiTokenAuth: [] }]);
      expect(operation?.tags?.[0]).toMatch(/^seller API/);
    }
    const delivery = doc.paths['/api/v1/deliveries']?.post?.responses['201'];
    // @fastify/swagger lifts a schema's single example to the media type's `example`.
    expect(delivery?.content?.['application/json']?.example).toMatchObject({
      orderId: 'inv_8XK2',
      replayed: false,
    });
  });
});
