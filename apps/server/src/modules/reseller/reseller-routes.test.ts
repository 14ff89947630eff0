import { randomBytes } from 'node:crypto';
import type { BuyKeysResponse, ResellerKeysPage, ResellerStats } from '@chaveiro/contract';
import { PRODUCT_OPERATIONAL_LABELS, messages, productStatusMessages } from '@chaveiro/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { TEST_EPOCH, createTestApp } from '../../testing/test-app.js';

const text = messages.reseller;
let t: TestApp;
let admin: TestUser;
let client: TestUser;
/** Aim Pro: monthly R$ 12,50, weekly R$ 4,00. */
let product: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_revenda' });
  client = await t.createUser({ role: 'client', username: 'comprador' });
  product = await t.fixtures.product({ name: 'Aim Pro', plans: { monthly: 1250, weekly: 400 } });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_EPOCH));

type Method = 'GET' | 'POST' | 'PATCH';

/** A reseller created by the admin with `reais` of initial balance (a ledger line). */
function newReseller(reais: number, adminHeaders: object = admin.headers): Promise<TestUser> {
  return t.createResellerViaAdmin(adminHeaders, reais);
}

function buy(
  reseller: TestUser,
  body: object = { productId: product.id, durationType: 'monthly', quantity: 1 },
) {
  return t.as(reseller).post('/api/reseller/keys', body);
}

async function keysCreatedBy(userId: string) {
  return t.database.db
    .selectFrom('license_keys')
    .select(['key', 'product_id', 'duration_days', 'status', 'created_by'])
    .where('created_by', '=', userId)
    .execute();
}

async function statsOf(reseller: TestUser): Promise<ResellerStats> {
  const response = await t.as(reseller).get('/api/reseller/stats');
  expect(response.statusCode).toBe(200);
  return response.json<ResellerStats>();
}

async function listOf(reseller: TestUser, query = ''): Promise<ResellerKeysPage> {
  const response = await t.as(reseller).get(`/api/reseller/keys${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ResellerKeysPage>();
}

/** The user with a session signed at the clock's current time (sessions last 12 h). */
async function signedNow(user: TestUser): Promise<TestUser> {
  const token = await t.tokenFor(user);
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

function redeem(user: TestUser, key: string) {
  return t.as(user).post('/api/client/redeem-key', { keyValue: key });
}

describe('reseller dashboard access', () => {
  const endpoints: [Method, string][] = [
    ['GET', '/api/reseller/products'],
    ['POST', '/api/reseller/keys'],
    ['GET', '/api/reseller/keys'],
    ['GET', '/api/reseller/keys/export'],
    ['GET', '/api/reseller/stats'],
  ];

  it.each(endpoints)('%s %s answers 401 without a token', async (method, url) => {
    const response = await t.app.inject({ method, url, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it.each(endpoints)('%s %s answers 403 to a client and to an admin', async (method, url) => {
    for (const user of [client, admin]) {
      const response = await t.app.inject({ method, url, headers: user.headers, payload: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.errors.forbidden, code: 'FORBIDDEN' });
    }
  });

  it('ends a demoted or banned reseller’s access at once', async () => {
    const reseller = await newReseller(10);
    await t.as(admin).patch(`/api/users/${reseller.id}/status`, { status: 'banned' });
    expect((await t.as(reseller).get('/api/reseller/stats')).statusCode).toBe(401);
  });
});

describe('GET /api/reseller/products', () => {
  it('lists the active products that have plans, with each plan’s days and price in reais', async () => {
    const reseller = await newReseller(0);
    const disabled = await t.fixtures.product({ name: 'Desligado', plans: { daily: 100 } });
    await t.database.db
      .updateTable('products')
      .set({ status: 'disabled' })
      .where('id', '=', disabled.id)
      .execute();
    await t.fixtures.product({ name: 'Sem planos' });

    const response = await t.as(reseller).get('/api/reseller/products');
    expect(response.statusCode).toBe(200);
    const products = response.json<{ name: string }[]>();
    expect(products.map((p) => p.name)).not.toContain('Desligado');
    expect(products.map((p) => p.name)).not.toContain('Sem planos');
    expect(products.find((p) => p.name === 'Aim Pro')).toEqual({
      id: product.id,
      name: 'Aim Pro',
      description: '',
      plans: [
        { durationType: 'weekly', days: 7, price: 4, retailPrice: 4, margin: 0, marginPercent: 0 },
        {
          durationType: 'monthly',
          days: 30,
          price: 12.5,
          retailPrice: 12.5,
          margin: 0,
          marginPercent: 0,
        },
      ],
    });
  });
});

describe('POST /api/reseller/keys', () => {
  it('debits price × quantity, issues the keys as the reseller’s and logs the purchase', async () => {
    const reseller = await newReseller(50);
    const response = await buy(reseller, {
      productId: product.id,
      durationType: 'monthly',
      quantity: 3,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<BuyKeysResponse>();
    expect(body).toEqual({
      message: '3 chaves compradas com sucesso!',
      keys: expect.any(Array) as unknown,
      total: 37.5,
      balance: 12.5,
      unitPrice: 12.5,
      retailUnitPrice: 12.5,
    });
    expect(new Set(body.keys).size).toBe(3);
    for (const key of body.keys) expect(key).toMatch(/^[A-Z0-9]{18}$/);

    const stored = await keysCreatedBy(reseller.id);
    expect(stored.map((row) => row.key).sort()).toEqual([...body.keys].sort());
    for (const row of stored) {
      expect(row).toMatchObject({ product_id: product.id, duration_days: 30, status: 'active' });
    }
    expect(await t.fixtures.balance(reseller.id)).toBe(1250);
    expect((await t.fixtures.ledger(reseller.id)).at(-1)).toEqual({
      amount_cents: -3750,
      reason: 'Compra de 3 chaves: Aim Pro (Mensal)',
      actor_id: reseller.id,
      balance_after_cents: 1250,
    });
    await t.fixtures.expectLedgerMatches(reseller.id);

    const activity = await t.database.db
      .selectFrom('activity')
      .select(['action', 'actor_id'])
      .where('actor_id', '=', reseller.id)
      .execute();
    expect(activity).toEqual([
      {
        action: 'Revendedor comprou 3 chaves de Aim Pro (Mensal) por R$ 37,50',
        actor_id: reseller.id,
      },
    ]);
  });

  it('buys one key and up to 500 in one purchase', async () => {
    const reseller = await newReseller(2004);
    const one = await buy(reseller, { productId: product.id, durationType: 'weekly', quantity: 1 });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toMatchObject({ message: '1 chave comprada com sucesso!', total: 4 });
    const many = await buy(reseller, {
      productId: product.id,
      durationType: 'weekly',
      quantity: 500,
    });
    expect(many.statusCode).toBe(201);
    expect(many.json<BuyKeysResponse>().keys).toHaveLength(500);
    expect(await keysCreatedBy(reseller.id)).toHaveLength(501);
    expect(await t.fixtures.expectLedgerMatches(reseller.id)).toBe(0);
  });

  it.each([
    [{ quantity: 0 }, text.quantityRange],
    [{ quantity: 501 }, text.quantityRange],
    [{ quantity: 1.5 }, text.quantityRange],
    [{ quantity: '3' }, text.quantityRange],
    [{ quantity: undefined }, text.quantityRange],
    [{ productId: '' }, text.productRequired],
    [{ productId: undefined }, text.productRequired],
    [{ durationType: 'yearly' }, text.planRequired],
    [{ durationType: undefined }, text.planRequired],
  ])('refuses %j with a pt-BR message and changes nothing', async (change, message) => {
    const reseller = await newReseller(100);
    const response = await buy(reseller, {
      productId: product.id,
      durationType: 'monthly',
      quantity: 2,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect(await t.fixtures.balance(reseller.id)).toBe(10_000);
    expect(await keysCreatedBy(reseller.id)).toHaveLength(0);
  });

  it('refuses fields a form may not set (mass assignment)', async () => {
    const reseller = await newReseller(100);
    const response = await buy(reseller, {
      productId: product.id,
      durationType: 'monthly',
      quantity: 1,
      price: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(await t.fixtures.balance(reseller.id)).toBe(10_000);
  });

  it('answers 404 for an unknown or disabled product and 422 for a plan it lacks', async () => {
    const reseller = await newReseller(100);
    const off = await t.fixtures.product({ name: 'Fora do ar', plans: { monthly: 100 } });
    await t.database.db
      .updateTable('products')
      .set({ status: 'disabled' })
      .where('id', '=', off.id)
      .execute();
    for (const productId of ['nao-existe', off.id]) {
      const response = await buy(reseller, { productId, durationType: 'monthly', quantity: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: text.productNotFound, code: 'NOT_FOUND' });
    }
    const noPlan = await buy(reseller, {
      productId: product.id,
      durationType: 'daily',
      quantity: 1,
    });
    expect(noPlan.statusCode).toBe(422);
    expect(noPlan.json()).toEqual({ message: text.planNotFound, code: 'PLAN_NOT_FOUND' });
    expect(await t.fixtures.balance(reseller.id)).toBe(10_000);
    expect(await keysCreatedBy(reseller.id)).toHaveLength(0);
  });

  it("answers 409 'Saldo insuficiente.' and changes nothing when the balance falls short", async () => {
    const reseller = await newReseller(37.49);
    const response = await buy(reseller, {
      productId: product.id,
      durationType: 'monthly',
      quantity: 3,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Saldo insuficiente.',
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await t.fixtures.balance(reseller.id)).toBe(3749);
    expect(await t.fixtures.ledger(reseller.id)).toHaveLength(1);
    expect(await keysCreatedBy(reseller.id)).toHaveLength(0);
    await t.fixtures.expectLedgerMatches(reseller.id);
  });

  it('never overspends under concurrent purchases: with a balance for 3, 3 of 15 succeed', async () => {
    // Two keys at R$ 12,50 each cost R$ 25,00; the balance covers three such purchases.
    const reseller = await newReseller(75);
    const responses = await Promise.all(
      Array.from({ length: 15 }, () =>
        buy(reseller, { productId: product.id, durationType: 'monthly', quantity: 2 }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(12);
    expect(await t.fixtures.expectLedgerMatches(reseller.id)).toBe(0);
    expect(await keysCreatedBy(reseller.id)).toHaveLength(6);
    expect(await t.fixtures.ledger(reseller.id)).toHaveLength(4);
  });
});

describe('POST /api/reseller/keys while the product is not operational', () => {
  const note = 'Nova versão em testes';

  it('refuses the purchase with 409 PRODUCT_NOT_OPERATIONAL, while an admin still generates keys', async () => {
    const down = await t.fixtures.product({ name: 'Em Obra', plans: { monthly: 1000 } });
    await t.fixtures.productOperational(down.id, { status: 'updating', note });
    const reseller = await newReseller(100);

    const refused = await buy(reseller, {
      productId: down.id,
      durationType: 'monthly',
      quantity: 2,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: productStatusMessages.notForSale(PRODUCT_OPERATIONAL_LABELS.updating, note),
      code: 'PRODUCT_NOT_OPERATIONAL',
    });
    expect(await t.fixtures.balance(reseller.id)).toBe(10_000);
    expect(await keysCreatedBy(reseller.id)).toHaveLength(0);
    await t.fixtures.expectLedgerMatches(reseller.id);

    // Generating keys is no sale: the admin's keys wait to be redeemed.
    const generated = await t.as(admin).post('/api/keys', {
      productId: down.id,
      days: 30,
      quantity: 1,
    });
    expect(generated.statusCode).toBe(201);
  });

  it('sells keys while down when the seller chose to', async () => {
    const down = await t.fixtures.product({ name: 'Em Obra Vendida', plans: { monthly: 1000 } });
    await t.fixtures.productOperational(down.id, {
      status: 'unavailable',
      sellWhileDown: true,
    });
    const reseller = await newReseller(100);
    const bought = await buy(reseller, {
      productId: down.id,
      durationType: 'monthly',
      quantity: 2,
    });
    expect(bought.statusCode).toBe(201);
    expect(await keysCreatedBy(reseller.id)).toHaveLength(2);
    await t.fixtures.expectLedgerMatches(reseller.id);
  });
});

describe('GET /api/reseller/keys and the CSV export', () => {
  let owner: TestUser;
  let other: TestUser;
  let bought: string[];
  let redeemer: TestUser;

  beforeAll(async () => {
    owner = await newReseller(100);
    other = await newReseller(100);
    redeemer = await t.createUser({ role: 'client', username: 'Joana_Cliente' });
    const first = await buy(owner, { productId: product.id, durationType: 'weekly', quantity: 2 });
    t.clock.advance(60_000);
    const second = await buy(owner, {
      productId: product.id,
      durationType: 'monthly',
      quantity: 1,
    });
    bought = [...first.json<BuyKeysResponse>().keys, ...second.json<BuyKeysResponse>().keys];
    await buy(other, { productId: product.id, durationType: 'monthly', quantity: 2 });
    t.clock.advance(60_000);
    expect((await redeem(redeemer, bought[0]!)).statusCode).toBe(200);
    // An admin's key redeemed by the same client must not show up either.
    const adminKey = await t.as(admin).post('/api/keys', {
      productId: product.id,
      days: 5,
      quantity: 1,
    });
    expect((await redeem(redeemer, adminKey.json<{ keys: string[] }>().keys[0]!)).statusCode).toBe(
      200,
    );
  });

  it('lists only the reseller’s own keys, newest first, with who redeemed them and when', async () => {
    const page = await listOf(owner);
    expect(page.total).toBe(3);
    // The later purchase first; the first purchase's two keys share its time.
    expect(page.items[0]?.key).toBe(bought[2]);
    expect(
      page.items
        .slice(1)
        .map((item) => item.key)
        .sort(),
    ).toEqual([bought[0], bought[1]].sort());
    expect(page.items[0]).toMatchObject({
      key: bought[2],
      product: 'Aim Pro',
      days: 30,
      status: 'active',
      redeemedBy: null,
      redeemedAt: null,
    });
    const redeemed = page.items.find((item) => item.key === bought[0]);
    expect(redeemed).toMatchObject({
      days: 7,
      status: 'used',
      redeemedBy: 'Joana_Cliente',
      redeemedAt: new Date(TEST_EPOCH + 120_000).toISOString(),
    });

    const others = await listOf(other);
    expect(others.total).toBe(2);
    expect(others.items.map((item) => item.key)).not.toContain(bought[0]);
  });

  it('searches by key prefix or redeemer username, filters by status and pages', async () => {
    expect((await listOf(owner, `?q=${bought[1]!.slice(0, 8).toLowerCase()}`)).items).toEqual([
      expect.objectContaining({ key: bought[1] }),
    ]);
    expect((await listOf(owner, '?q=joana')).items.map((item) => item.key)).toEqual([bought[0]]);
    expect((await listOf(other, '?q=joana')).total).toBe(0);
    expect((await listOf(owner, '?status=used')).items.map((item) => item.key)).toEqual([
      bought[0],
    ]);
    expect((await listOf(owner, '?status=active')).total).toBe(2);
    expect((await listOf(owner, '?status=')).total).toBe(3);
    const second = await listOf(owner, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items).toHaveLength(1);
  });

  it('answers 400 in pt-BR for a bad filter', async () => {
    for (const query of ['?status=vendida', '?page=0', '?pageSize=1000']) {
      const response = await t.as(owner).get(`/api/reseller/keys${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('exports the filtered own keys as a UTF-8 CSV with BOM that Excel reads in pt-BR', async () => {
    const response = await t.as(owner).get('/api/reseller/keys/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="minhas-chaves.csv"; filename*=UTF-8''minhas-chaves.csv`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Chave;Produto;Validade (dias);Status;Resgatada por;Resgatada em;Comprada em',
    );
    expect(lines).toHaveLength(4);
    // 2026-01-15 12:02 UTC is 09:02 in São Paulo.
    expect(lines).toContain(
      `${bought[0]!};Aim Pro;7;Resgatada;Joana_Cliente;15/01/2026 09:02;15/01/2026 09:00`,
    );
    expect(lines).toContain(`${bought[2]!};Aim Pro;30;Disponível;;;15/01/2026 09:01`);

    const filtered = await t.as(owner).get('/api/reseller/keys/export?status=used');
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
    const foreign = await t.as(other).get('/api/reseller/keys/export?q=joana');
    expect(foreign.body.trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('counts only the reseller’s own keys in the statistics', async () => {
    expect(await statsOf(owner)).toEqual({
      balance: 100 - 8 - 12.5,
      keysSold: 3,
      redeemed: 1,
      remaining: 2,
      spentThisMonth: 20.5,
      totalSpent: 20.5,
      retailValue: 20.5,
      potentialMargin: 0,
      realisedMargin: 0,
    });
    expect(await statsOf(other)).toMatchObject({ keysSold: 2, redeemed: 0, remaining: 2 });
  });
});

describe('GET /api/reseller/stats', () => {
  it('sums this São Paulo month’s purchases only, not last month’s nor an admin removal', async () => {
    // 31/12/2025 23:30 in São Paulo is already 2026-01-01 02:30 UTC: still December there.
    t.clock.set(Date.UTC(2026, 0, 1, 2, 30));
    let reseller = await newReseller(100, (await signedNow(admin)).headers);
    const weekly = { productId: product.id, durationType: 'weekly', quantity: 5 };
    expect((await buy(reseller, weekly)).statusCode).toBe(201);
    // 01/01/2026 00:00 in São Paulo.
    t.clock.set(Date.UTC(2026, 0, 1, 3, 0));
    expect((await buy(reseller, { ...weekly, quantity: 1 })).statusCode).toBe(201);
    t.clock.set(TEST_EPOCH);
    reseller = await signedNow(reseller);
    const monthly = { productId: product.id, durationType: 'monthly', quantity: 2 };
    expect((await buy(reseller, monthly)).statusCode).toBe(201);
    const removal = { amount: -10 };
    const removed = await t.as(admin).patch(`/api/resellers/${reseller.id}/balance`, removal);
    expect(removed.statusCode).toBe(200);

    expect(await statsOf(reseller)).toEqual({
      balance: 100 - 20 - 4 - 25 - 10,
      keysSold: 8,
      redeemed: 0,
      remaining: 8,
      spentThisMonth: 29,
      totalSpent: 49,
      retailValue: 49,
      potentialMargin: 0,
      realisedMargin: 0,
    });
    // Next month starts from zero.
    t.clock.set(TEST_EPOCH + 20 * DAY);
    expect((await statsOf(await signedNow(reseller))).spentThisMonth).toBe(0);
    await t.fixtures.expectLedgerMatches(reseller.id);
  });

  it('starts at zero for a new reseller', async () => {
    const reseller = await newReseller(0);
    expect(await statsOf(reseller)).toEqual({
      balance: 0,
      keysSold: 0,
      redeemed: 0,
      remaining: 0,
      spentThisMonth: 0,
      totalSpent: 0,
      retailValue: 0,
      potentialMargin: 0,
      realisedMargin: 0,
    });
  });
});

describe('the key_redeemed notification', () => {
  /** The user's notifications, once the handlers that follow the answers so far ran. */
  async function notificationsOf(userId: string) {
    await t.app.outbox.idle();
    return t.database.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body', 'link', 'read_at'])
      .where('user_id', '=', userId)
      .execute();
  }

  it('tells the reseller when a client redeems one of their keys on the site', async () => {
    const reseller = await newReseller(20);
    const buyer = await t.createUser({ username: 'Cliente_Feliz' });
    const [key] = (
      await buy(reseller, { productId: product.id, durationType: 'monthly', quantity: 1 })
    ).json<BuyKeysResponse>().keys;
    expect(await notificationsOf(reseller.id)).toEqual([]);

    expect((await redeem(buyer, key!)).statusCode).toBe(200);
    expect(await notificationsOf(reseller.id)).toEqual([
      {
        kind: 'key_redeemed',
        title: 'Chave resgatada',
        body: `Sua chave ${key!.slice(0, 6)}… de Aim Pro foi resgatada por Cliente_Feliz.`,
        link: '/reseller/dashboard',
        read_at: null,
      },
    ]);
    // A failed second redemption adds nothing.
    expect((await redeem(client, key!)).statusCode).toBe(409);
    expect(await notificationsOf(reseller.id)).toHaveLength(1);
    expect(await notificationsOf(buyer.id)).toEqual([]);
  });

  it('tells the reseller when the loader redeems one of their keys', async () => {
    const reseller = await newReseller(20);
    const player = await t.createUser({ username: 'Jogador_Loader' });
    const [key] = (
      await buy(reseller, { productId: product.id, durationType: 'monthly', quantity: 1 })
    ).json<BuyKeysResponse>().keys;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/loader/auth',
      payload: {
        productId: product.id,
        hwid: 'HWID-RESELLER-TEST-01',
        nonce: randomBytes(16).toString('base64url'),
        key,
        identifier: player.username,
        password: player.password,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await notificationsOf(reseller.id)).toEqual([
      expect.objectContaining({
        kind: 'key_redeemed',
        body: `Sua chave ${key!.slice(0, 6)}… de Aim Pro foi resgatada por Jogador_Loader.`,
      }),
    ]);
  });

  it('notifies nobody for an admin’s key or a reseller redeeming their own', async () => {
    const reseller = await newReseller(20);
    const [own] = (
      await buy(reseller, { productId: product.id, durationType: 'monthly', quantity: 1 })
    ).json<BuyKeysResponse>().keys;
    expect((await redeem(reseller, own!)).statusCode).toBe(200);
    expect(await notificationsOf(reseller.id)).toEqual([]);

    const adminKey = await t.as(admin).post('/api/keys', {
      productId: product.id,
      days: 3,
      quantity: 1,
    });
    expect((await redeem(client, adminKey.json<{ keys: string[] }>().keys[0]!)).statusCode).toBe(
      200,
    );
    expect(await notificationsOf(admin.id)).toEqual([]);
  });
});
