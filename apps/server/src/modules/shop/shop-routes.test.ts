import {
  PRODUCT_OPERATIONAL_LABELS,
  XP_RULES,
  messages,
  productStatusMessages,
} from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/database.js';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.shop;
const HOUR = 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_loja' });
});
afterAll(() => t.close());

/** Credits `cents` the way a deposit approval does: a balance movement with its ledger line. */
async function fund(user: TestUser, cents: number): Promise<void> {
  const { balance } = t.app.services;
  await withTransaction(t.database.db, (trx) =>
    balance.move(trx, { userId: user.id, amountCents: cents, reason: 'Teste', actorId: null }),
  );
}

async function account(userId: string) {
  const [user, ledger] = await Promise.all([
    t.database.db
      .selectFrom('users')
      .select(['balance_cents', 'xp'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    t.fixtures.ledger(userId),
  ]);
  return { balance: Number(user.balance_cents), xp: Number(user.xp), ledger };
}

function subscriptionsOf(userId: string) {
  return t.database.db
    .selectFrom('subscriptions')
    .select(['id', 'product_id', 'status', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();
}

interface ShopProduct {
  id: string;
  name: string;
  plans: { duration_type: string; days: number; price: number }[];
  owned_until: string | null;
  operational_status: string;
  status_note: string | null;
  purchasable: boolean;
}

describe('GET /api/shop/products', () => {
  it('lists active products that have plans, plans from the shortest, prices in reais', async () => {
    const sold = await t.fixtures.product({
      name: 'Aaa Aim',
      plans: { monthly: 4990, daily: 590 },
    });
    const planless = await t.fixtures.product({ name: 'Aaa Sem Plano' });
    const off = await t.fixtures.product({ name: 'Aaa Desligado', plans: { weekly: 1000 } });
    await t.database.db
      .updateTable('products')
      .set({ status: 'disabled' })
      .where('id', '=', off.id)
      .execute();
    const client = await t.createUser();

    const response = await t.as(client).get('/api/shop/products');
    expect(response.statusCode).toBe(200);
    const products = response.json<ShopProduct[]>();
    expect(products.find((p) => p.id === sold.id)).toEqual({
      id: sold.id,
      name: 'Aaa Aim',
      description: '',
      plans: [
        { duration_type: 'daily', days: 1, price: 5.9 },
        { duration_type: 'monthly', days: 30, price: 49.9 },
      ],
      owned_until: null,
      operational_status: 'operational',
      status_note: null,
      purchasable: true,
    });
    const ids = products.map((p) => p.id);
    expect(ids).not.toContain(planless.id);
    expect(ids).not.toContain(off.id);
  });

  it('is open to every signed-in role and closed without a session', async () => {
    const reseller = await t.createUser({ role: 'reseller' });
    for (const user of [admin, reseller]) {
      expect((await t.as(user).get('/api/shop/products')).statusCode).toBe(200);
    }
    const anonymous = await t.anonymous.get('/api/shop/products');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/shop/purchase', () => {
  it('pays from the balance, creates the subscription, grants XP and logs it', async () => {
    const product = await t.fixtures.product({
      name: 'Wall Hack',
      plans: { monthly: 2990, weekly: 990 },
    });
    const client = await t.createUser();
    await fund(client, 5000);

    const response = await t.as(client).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'monthly',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ subscription_id: string; expires_at: string }>();
    const expiry = t.clock.now() + 30 * DAY;
    expect(response.json()).toEqual({
      message: text.purchased('Wall Hack', '14/02/2026'),
      balance: 20.1,
      subscription_id: body.subscription_id,
      expires_at: new Date(expiry).toISOString(),
    });

    const after = await account(client.id);
    expect(after.balance).toBe(2010);
    expect(after.xp).toBe(30 * XP_RULES.perLicenceDay);
    expect(after.ledger.at(-1)).toEqual({
      amount_cents: -2990,
      reason: 'Compra na loja: Wall Hack (Mensal)',
      balance_after_cents: 2010,
      actor_id: null,
    });
    await t.fixtures.expectLedgerMatches(client.id);
    expect(await subscriptionsOf(client.id)).toEqual([
      { id: body.subscription_id, product_id: product.id, status: 'active', expires_at: expiry },
    ]);

    const dashboard = await t.as(client).get('/api/client/dashboard');
    expect(dashboard.json()).toMatchObject({
      balance: 20.1,
      subscriptions: [{ subscription_id: body.subscription_id, product_name: 'Wall Hack' }],
    });
    const activity = await t.as(admin).get('/api/dashboard/recent-activities');
    expect(activity.json<{ action: string }[]>()[0]?.action).toBe(
      `${client.username} comprou Wall Hack (Mensal) por R$ 29,90 na loja`,
    );
    const shop = await t.as(client).get('/api/shop/products');
    expect(shop.json<ShopProduct[]>().find((p) => p.id === product.id)?.owned_until).toBe(
      new Date(expiry).toISOString(),
    );
  });

  it('extends the subscription the buyer already holds, like redeeming a key', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 1000 } });
    const reseller = await t.createUser({ role: 'reseller' });
    await fund(reseller, 2000);
    const first = await t.as(reseller).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'weekly',
    });
    // Sessions last 12 h, so the test clock moves by an hour, not a day.
    t.clock.advance(HOUR);
    const second = await t.as(reseller).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'weekly',
    });
    expect(second.statusCode).toBe(200);
    const id = first.json<{ subscription_id: string }>().subscription_id;
    expect(second.json()).toMatchObject({ subscription_id: id, balance: 0 });
    const subs = await subscriptionsOf(reseller.id);
    expect(subs).toHaveLength(1);
    // Both weeks count from the first purchase: the hour that passed is not lost.
    expect(subs[0]?.expires_at).toBe(t.clock.now() - HOUR + 14 * DAY);
    expect((await account(reseller.id)).xp).toBe(14 * XP_RULES.perLicenceDay);
    await t.fixtures.expectLedgerMatches(reseller.id);
  });

  it('answers 409 Saldo insuficiente and changes nothing when the balance is short', async () => {
    const product = await t.fixtures.product({ plans: { monthly: 3000 } });
    const client = await t.createUser();
    await fund(client, 2999);
    const before = await account(client.id);

    const response = await t.as(client).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'monthly',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Saldo insuficiente.',
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await account(client.id)).toEqual(before);
    expect(await subscriptionsOf(client.id)).toEqual([]);
    await t.fixtures.expectLedgerMatches(client.id);
  });

  it('refuses unknown products (404), products off sale and plans not offered (422)', async () => {
    const client = await t.createUser();
    await fund(client, 10_000);
    const product = await t.fixtures.product({ plans: { daily: 100 } });
    const off = await t.fixtures.product({ plans: { daily: 100 } });
    await t.as(admin).patch(`/api/products/${off.id}/status`, { status: 'disabled' });

    const unknown = await t.as(client).post('/api/shop/purchase', {
      productId: 'nao-existe',
      durationType: 'daily',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: text.productNotFound, code: 'NOT_FOUND' });
    const disabled = await t.as(client).post('/api/shop/purchase', {
      productId: off.id,
      durationType: 'daily',
    });
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json()).toEqual({
      message: text.productUnavailable,
      code: 'PRODUCT_UNAVAILABLE',
    });
    const noPlan = await t.as(client).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'monthly',
    });
    expect(noPlan.statusCode).toBe(422);
    expect(noPlan.json()).toEqual({ message: text.planUnavailable, code: 'PLAN_UNAVAILABLE' });
    expect((await account(client.id)).balance).toBe(10_000);
    await t.fixtures.expectLedgerMatches(client.id);
  });

  it.each([
    [{ durationType: 'daily' }, text.productRequired],
    [{ productId: '  ', durationType: 'daily' }, text.productRequired],
    [{ productId: 'x', durationType: 'anual' }, text.planRequired],
    [{ productId: 'x' }, text.planRequired],
  ])('refuses %j with a pt-BR 400', async (payload, message) => {
    const client = await t.createUser();
    const response = await t.as(client).post('/api/shop/purchase', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('refuses fields a buyer may not set, admins (403) and anonymous callers (401)', async () => {
    const product = await t.fixtures.product({ plans: { daily: 100 } });
    const client = await t.createUser();
    const extra = await t.as(client).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'daily',
      price: 0,
    });
    expect(extra.statusCode).toBe(400);
    const payload = { productId: product.id, durationType: 'daily' };
    expect((await t.as(admin).post('/api/shop/purchase', payload)).statusCode).toBe(403);
    expect((await t.anonymous.post('/api/shop/purchase', payload)).statusCode).toBe(401);
  });

  it('lets exactly k of 5k simultaneous purchases through when the balance pays for k', async () => {
    const k = 4;
    const product = await t.fixtures.product({ plans: { weekly: 1250 } });
    const client = await t.createUser();
    // A little more than k purchases: the remainder must stay untouched.
    await fund(client, k * 1250 + 99);

    const responses = await Promise.all(
      Array.from({ length: 5 * k }, () =>
        t.as(client).post('/api/shop/purchase', {
          productId: product.id,
          durationType: 'weekly',
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(k);
    expect(codes.filter((code) => code === 409)).toHaveLength(4 * k);

    const after = await account(client.id);
    expect(after.balance).toBe(99);
    expect(after.ledger.filter((line) => line.amount_cents < 0)).toHaveLength(k);
    expect(after.xp).toBe(k * 7 * XP_RULES.perLicenceDay);
    await t.fixtures.expectLedgerMatches(client.id);
    const subs = await subscriptionsOf(client.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]?.expires_at).toBe(t.clock.now() + k * 7 * DAY);
  });
});

describe('while a product is not operational', () => {
  const note = 'Detectado após a atualização do jogo; previsão 48 h';

  it('lists it with its status and note, purchasable only when the seller sells it meanwhile', async () => {
    const updating = await t.fixtures.product({
      name: 'Bbb Em Atualizacao',
      plans: { daily: 100 },
    });
    const sold = await t.fixtures.product({ name: 'Bbb Vendido Assim', plans: { daily: 100 } });
    await t.fixtures.productOperational(updating.id, { status: 'updating', note });
    await t.fixtures.productOperational(sold.id, {
      status: 'unavailable',
      sellWhileDown: true,
    });
    const client = await t.createUser();

    const products = (await t.as(client).get('/api/shop/products')).json<ShopProduct[]>();
    expect(products.find((p) => p.id === updating.id)).toMatchObject({
      operational_status: 'updating',
      status_note: note,
      purchasable: false,
    });
    expect(products.find((p) => p.id === sold.id)).toMatchObject({
      operational_status: 'unavailable',
      status_note: null,
      purchasable: true,
    });
  });

  it('refuses the purchase with 409 PRODUCT_NOT_OPERATIONAL and the note, charging nothing', async () => {
    const product = await t.fixtures.product({ name: 'Radar', plans: { weekly: 1000 } });
    await t.fixtures.productOperational(product.id, { status: 'updating', note });
    const client = await t.createUser();
    await fund(client, 5000);
    const before = await account(client.id);

    const response = await t.as(client).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'weekly',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: productStatusMessages.notForSale(PRODUCT_OPERATIONAL_LABELS.updating, note),
      code: 'PRODUCT_NOT_OPERATIONAL',
    });
    expect(response.json<{ message: string }>().message).toBe(
      `Este produto está em atualização e não pode ser comprado agora. ${note}`,
    );
    expect(await account(client.id)).toEqual(before);
    expect(await subscriptionsOf(client.id)).toEqual([]);

    // Back to operational: the same purchase goes through.
    await t.fixtures.productOperational(product.id, { status: 'operational' });
    const bought = await t.as(client).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'weekly',
    });
    expect(bought.statusCode).toBe(200);
    await t.fixtures.expectLedgerMatches(client.id);
  });

  it('sells it while down when the seller chose to', async () => {
    const product = await t.fixtures.product({ name: 'Radar Vendido', plans: { weekly: 1000 } });
    await t.fixtures.productOperational(product.id, {
      status: 'unavailable',
      note,
      sellWhileDown: true,
    });
    const client = await t.createUser();
    await fund(client, 1000);

    const response = await t.as(client).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'weekly',
    });
    expect(response.statusCode).toBe(200);
    expect(await subscriptionsOf(client.id)).toHaveLength(1);
    await t.fixtures.expectLedgerMatches(client.id);
  });

  it('still offers "Renovar", saying the product cannot be bought now', async () => {
    const product = await t.fixtures.product({ name: 'Radar Renovar', plans: { weekly: 1000 } });
    const client = await t.createUser();
    const sub = await t.fixtures.subscription(client.id, product.id);
    await t.fixtures.productOperational(product.id, { status: 'unavailable' });

    const offer = await t.as(client).get(`/api/shop/renewal/${sub.id}`);
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({
      subscription_id: sub.id,
      product: { id: product.id, operational_status: 'unavailable', purchasable: false },
    });
  });
});
