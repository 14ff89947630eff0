import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

/** a product switched off is neither sold, keyed nor granted. */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'gerente' });
});
afterAll(() => t.close());

async function productSwitchedOff(name: string) {
  const product = await t.fixtures.product({ name, plans: { monthly: 1000 } });
  const off = await t.as(admin).patch(`/api/products/${product.id}/status`, {
    status: 'disabled',
  });
  expect(off.statusCode).toBe(200);
  return product;
}

const refusal = { message: messages.admin.productOff, code: 'PRODUCT_DISABLED' };

async function activityCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a disabled product', () => {
  it('gets no new keys: POST /api/keys answers 422 and stores none', async () => {
    const product = await productSwitchedOff('Sem chaves');
    const before = await activityCount();
    const response = await t.as(admin).post('/api/keys', {
      productId: product.id,
      days: 7,
      quantity: 5,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal);
    const keys = await t.database.db
      .selectFrom('license_keys')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(keys).toHaveLength(0);
    expect(await activityCount()).toBe(before);
  });

  it('is not granted to a user: add subscription answers 422 and nothing changes', async () => {
    const product = await productSwitchedOff('Sem concessão');
    const client = await t.createUser();
    const response = await t.as(admin).post(`/api/users/${client.id}/subscriptions`, {
      productId: product.id,
      days: 30,
      devices: 1,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal);
    const subs = await t.as(admin).get(`/api/users/${client.id}/subscriptions`);
    expect(subs.json()).toEqual([]);
  });

  it('is not granted to a new user: the account is not created either (one transaction)', async () => {
    const product = await productSwitchedOff('Sem conta nova');
    const response = await t.as(admin).post('/api/users', {
      username: 'semproduto',
      email: 'semproduto@example.com',
      password: 'senha-forte-1',
      subscription: { productId: product.id, days: 30, devices: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'semproduto')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('keeps its unused keys valid but unredeemed until it is switched back on', async () => {
    const product = await productSwitchedOff('Chave guardada');
    const key = await t.fixtures.key(product.id, { days: 10 });
    const client = await t.createUser();
    const keyRefusal = { message: messages.admin.keyProductDisabled, code: 'PRODUCT_DISABLED' };

    const linked = await t.as(admin).post(`/api/keys/${key.id}/link`, { userId: client.id });
    expect(linked.statusCode).toBe(422);
    expect(linked.json()).toEqual(keyRefusal);
    const redeemed = await t.as(client).post('/api/client/redeem-key', { keyValue: key.key });
    expect(redeemed.statusCode).toBe(422);
    expect(redeemed.json()).toEqual(keyRefusal);
    const stored = await t.database.db
      .selectFrom('license_keys')
      .select(['status', 'redeemed_by'])
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'active', redeemed_by: null });

    await t.as(admin).patch(`/api/products/${product.id}/status`, { status: 'active' });
    const later = await t.as(client).post('/api/client/redeem-key', { keyValue: key.key });
    expect(later.statusCode).toBe(200);
  });

  // PIX checkout and renewal: orders-routes.test.ts (PRODUCT_UNAVAILABLE, paid orders refunded).
  it('is not sold: shop purchase and reseller purchase are refused', async () => {
    const product = await productSwitchedOff('Fora de venda');
    const client = await t.createUser();
    const shop = await t.as(client).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'monthly',
    });
    expect(shop.statusCode).toBe(422);
    expect(shop.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE' });
    const reseller = await t.createResellerViaAdmin(admin.headers, 100);
    const bought = await t.as(reseller).post('/api/reseller/keys', {
      productId: product.id,
      durationType: 'monthly',
      quantity: 1,
    });
    expect(bought.statusCode).toBe(404);
    expect(bought.json()).toMatchObject({ message: messages.reseller.productNotFound });
  });

  it('still grants and keys once switched back on', async () => {
    const product = await productSwitchedOff('Religado');
    await t.as(admin).patch(`/api/products/${product.id}/status`, { status: 'active' });
    const keys = await t.as(admin).post('/api/keys', {
      productId: product.id,
      days: 7,
      quantity: 1,
    });
    expect(keys.statusCode).toBe(201);
    const client = await t.createUser();
    const granted = await t.as(admin).post(`/api/users/${client.id}/subscriptions`, {
      productId: product.id,
      days: 30,
      devices: 1,
    });
    expect(granted.statusCode).toBe(200);
  });
});
