import { randomBytes } from 'node:crypto';
import type { BuyKeysResponse, Product, ResellerProduct, ResellerStats } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { Caller } from '../../testing/test-client.js';

/** reseller prices per plan, the global discount, margins. */
const text = messages.resellerPricing;
let t: TestApp;
let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_precos' });
  client = await t.createUser({ role: 'client', username: 'cliente_varejo' });
});
afterAll(() => t.close());
// Each test starts without a global discount.
beforeEach(async () => {
  await t.as(admin).put('/api/settings/reseller-pricing', { discountPercent: 0 });
});

function newReseller(reais: number): Promise<TestUser> {
  return t.createResellerViaAdmin(admin.headers, reais);
}

/** A product created through the admin API with retail and reseller prices in reais. */
async function createProduct(
  plans: Record<string, number>,
  resellerPlans: Record<string, number> = {},
): Promise<Product> {
  const name = `Produto ${randomBytes(3).toString('hex')}`;
  const response = await t.as(admin).post('/api/products', {
    name,
    plans,
    resellerPlans,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ product: Product }>().product;
}

function editProduct(product: Product, plans: object, resellerPlans: object) {
  return t.as(admin).put(`/api/products/${product.id}`, {
    name: product.name,
    description: product.description,
    plans,
    resellerPlans,
  });
}

function setDiscount(discountPercent: unknown, as: Caller = admin) {
  return t.as(as).put('/api/settings/reseller-pricing', { discountPercent });
}

async function offered(reseller: TestUser, productId: string) {
  const response = await t.as(reseller).get('/api/reseller/products');
  expect(response.statusCode).toBe(200);
  return response.json<ResellerProduct[]>().find((product) => product.id === productId);
}

function buy(reseller: TestUser, productId: string, durationType: string, quantity = 1) {
  return t.as(reseller).post('/api/reseller/keys', {
    productId,
    durationType,
    quantity,
  });
}

async function statsOf(reseller: TestUser): Promise<ResellerStats> {
  const response = await t.as(reseller).get('/api/reseller/stats');
  expect(response.statusCode).toBe(200);
  return response.json<ResellerStats>();
}

describe('the admin sets reseller prices per plan', () => {
  it('stores them beside the retail prices and logs what changed', async () => {
    const product = await createProduct({ monthly: 50, weekly: 20 }, { monthly: 35.5 });
    expect(product).toMatchObject({
      plans: { monthly: 50, weekly: 20 },
      resellerPlans: { monthly: 35.5 },
    });
    expect(await t.lastActivity()).toBe(
      `Preços de revenda de ${product.name}: Mensal — → R$ 35,50`,
    );
    const stored = await t.database.db
      .selectFrom('plans')
      .select(['duration_type', 'price_cents', 'reseller_price_cents'])
      .where('product_id', '=', product.id)
      .orderBy('duration_type')
      .execute();
    expect(
      stored.map((row) => [row.duration_type, row.price_cents, row.reseller_price_cents]),
    ).toEqual([
      ['monthly', 5000, 3550],
      ['weekly', 2000, null],
    ]);

    const edited = await editProduct(product, { monthly: 50, weekly: 20 }, { weekly: 15 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ product: { resellerPlans: { weekly: 15 } } });
    expect(await t.lastActivity()).toBe(
      `Preços de revenda de ${product.name}: Semanal — → R$ 15,00; Mensal R$ 35,50 → —`,
    );
    // Saving the same prices again logs the update but no reseller price change.
    await editProduct(product, { monthly: 50, weekly: 20 }, { weekly: 15 });
    expect(await t.lastActivity()).toBe(`Produto ${product.name} atualizado`);
    // Equal to retail is allowed (no margin, no loss).
    expect((await editProduct(product, { monthly: 50 }, { monthly: 50 })).statusCode).toBe(200);
  });

  it.each([
    [{ monthly: -1 }, text.resellerPriceInvalid],
    [{ monthly: 10.005 }, text.resellerPriceInvalid],
    [{ monthly: '10' }, text.resellerPriceInvalid],
    [{ monthly: 50.01 }, text.resellerPriceAboveRetail],
    [{ monthly: 1000 }, text.resellerPriceAboveRetail],
    [{ daily: 1 }, text.resellerPriceWithoutRetail],
  ])(
    'refuses the reseller price %j with a pt-BR 400 and changes nothing',
    async (prices, message) => {
      const product = await createProduct({ monthly: 50 }, { monthly: 40 });
      const response = await editProduct(product, { monthly: 50 }, prices);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
      const created = await t.as(admin).post('/api/products', {
        name: 'Recusado',
        plans: { monthly: 50 },
        resellerPlans: prices,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
      const list = (await t.as(admin).get('/api/products')).json<Product[]>();
      expect(list.find((row) => row.id === product.id)?.resellerPlans).toEqual({ monthly: 40 });
      expect(list.map((row) => row.name)).not.toContain('Recusado');
    },
  );
});

describe('the global reseller discount', () => {
  it('starts at 0, saves up to two decimals and logs the change', async () => {
    const before = await t.as(admin).get('/api/settings/reseller-pricing');
    expect(before.json()).toEqual({ discountPercent: 0 });
    const saved = await setDiscount(12.5);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: text.discountSaved, discountPercent: 12.5 });
    expect(await t.lastActivity()).toBe('Desconto global de revenda alterado de 0% para 12,5%');
    expect((await setDiscount(90)).json()).toMatchObject({ discountPercent: 90 });
    expect((await setDiscount(33.33)).json()).toMatchObject({ discountPercent: 33.33 });
    expect((await t.as(admin).get('/api/settings/reseller-pricing')).json()).toEqual({
      discountPercent: 33.33,
    });
    // Saving the same value adds no activity row.
    const rows = await t.database.db.selectFrom('activity').select('id').execute();
    await setDiscount(33.33);
    expect(await t.database.db.selectFrom('activity').select('id').execute()).toHaveLength(
      rows.length,
    );
  });

  it.each([[-1], [90.01], [100], [12.345], ['10'], [null], [undefined]])(
    'refuses %j with a pt-BR 400 and keeps the previous value',
    async (value) => {
      await setDiscount(10);
      const response = await setDiscount(value);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: text.discountInvalid, code: 'VALIDATION_ERROR' });
      expect((await t.as(admin).get('/api/settings/reseller-pricing')).json()).toEqual({
        discountPercent: 10,
      });
    },
  );

  it('refuses fields it does not know', async () => {
    const response = await t.as(admin).put('/api/settings/reseller-pricing', {
      discountPercent: 10,
      extra: 1,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('who may set prices', () => {
  it('answers 403 to a reseller and a client, 401 without a session', async () => {
    const reseller = await newReseller(0);
    const product = await createProduct({ monthly: 50 });
    for (const user of [reseller, client]) {
      expect((await setDiscount(50, user)).statusCode).toBe(403);
      expect((await t.as(user).get('/api/settings/reseller-pricing')).statusCode).toBe(403);
      const edit = await t.as(user).put(`/api/products/${product.id}`, {
        name: product.name,
        plans: { monthly: 50 },
        resellerPlans: { monthly: 1 },
      });
      expect(edit.statusCode).toBe(403);
    }
    expect((await setDiscount(50, null)).statusCode).toBe(401);
    expect((await t.as(admin).get('/api/settings/reseller-pricing')).json()).toEqual({
      discountPercent: 0,
    });
  });
});

describe('what a reseller pays', () => {
  it('uses the plan’s reseller price, else retail less the discount, with the margin', async () => {
    const reseller = await newReseller(0);
    const product = await createProduct({ daily: 0, weekly: 9.99, monthly: 12.5 }, { weekly: 7 });
    expect((await offered(reseller, product.id))?.plans).toEqual([
      { durationType: 'daily', days: 1, price: 0, retailPrice: 0, margin: 0, marginPercent: null },
      {
        durationType: 'weekly',
        days: 7,
        price: 7,
        retailPrice: 9.99,
        margin: 2.99,
        marginPercent: 29.9,
      },
      {
        durationType: 'monthly',
        days: 30,
        price: 12.5,
        retailPrice: 12.5,
        margin: 0,
        marginPercent: 0,
      },
    ]);

    await setDiscount(15);
    const plans = (await offered(reseller, product.id))?.plans;
    // The plan's own price wins over the discount.
    expect(plans?.find((plan) => plan.durationType === 'weekly')).toMatchObject({ price: 7 });
    // 12,50 × 0,85 = 10,625: rounded half up to R$ 10,63.
    expect(plans?.find((plan) => plan.durationType === 'monthly')).toEqual({
      durationType: 'monthly',
      days: 30,
      price: 10.63,
      retailPrice: 12.5,
      margin: 1.87,
      marginPercent: 15,
    });
  });

  it('rounds the discounted price half up to the cent', async () => {
    const reseller = await newReseller(100);
    const product = await createProduct({ daily: 9.99, weekly: 0.05, monthly: 0.01 });
    await setDiscount(10);
    const price = async (type: string) =>
      (await offered(reseller, product.id))?.plans.find((plan) => plan.durationType === type)
        ?.price;
    // 8,991 → 8,99; 0,045 → 0,05; 0,009 → 0,01.
    expect(await price('daily')).toBe(8.99);
    expect(await price('weekly')).toBe(0.05);
    expect(await price('monthly')).toBe(0.01);
    await setDiscount(33.33);
    // 9,99 × 0,6667 = 6,660333 → 6,66.
    expect(await price('daily')).toBe(6.66);
    const bought = await buy(reseller, product.id, 'daily', 3);
    expect(bought.json()).toMatchObject({ total: 19.98, unitPrice: 6.66, retailUnitPrice: 9.99 });
  });

  it('debits the reseller price, stores it on each key with the retail price, logs it', async () => {
    const reseller = await newReseller(100);
    const product = await createProduct({ monthly: 30 }, { monthly: 20 });
    const response = await buy(reseller, product.id, 'monthly', 2);
    expect(response.statusCode).toBe(201);
    expect(response.json<BuyKeysResponse>()).toMatchObject({
      total: 40,
      balance: 60,
      unitPrice: 20,
      retailUnitPrice: 30,
    });
    expect(await t.fixtures.balance(reseller.id)).toBe(6000);
    expect((await t.fixtures.ledger(reseller.id)).at(-1)).toMatchObject({
      amount_cents: -4000,
      actor_id: reseller.id,
    });
    await t.fixtures.expectLedgerMatches(reseller.id);
    expect(await t.lastActivity()).toBe(
      `Revendedor comprou 2 chaves de ${product.name} (Mensal) por R$ 40,00`,
    );
    const keys = await t.database.db
      .selectFrom('license_keys')
      .select(['price_cents', 'retail_price_cents'])
      .where('created_by', '=', reseller.id)
      .execute();
    expect(keys).toEqual([
      { price_cents: 2000, retail_price_cents: 3000 },
      { price_cents: 2000, retail_price_cents: 3000 },
    ]);
    // An admin's generated keys carry no price.
    await t.as(admin).post('/api/keys', { productId: product.id, days: 5, quantity: 1 });
    const adminKeys = await t.database.db
      .selectFrom('license_keys')
      .select(['price_cents', 'retail_price_cents'])
      .where('created_by', '=', admin.id)
      .execute();
    expect(adminKeys).toEqual([{ price_cents: null, retail_price_cents: null }]);
  });

  it('never overspends under concurrent purchases at the reseller price', async () => {
    // Two keys at R$ 8,00 (retail R$ 20,00) cost R$ 16,00; R$ 50,00 covers three purchases.
    const reseller = await newReseller(50);
    const product = await createProduct({ monthly: 20 }, { monthly: 8 });
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => buy(reseller, product.id, 'monthly', 2)),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(12);
    expect(await t.fixtures.expectLedgerMatches(reseller.id)).toBe(200);
    expect(await statsOf(reseller)).toMatchObject({
      keysSold: 6,
      totalSpent: 48,
      retailValue: 120,
      potentialMargin: 72,
    });
  });
});

describe('the reseller’s margins', () => {
  it('stay as they were bought when prices change later; realised once redeemed', async () => {
    const reseller = await newReseller(200);
    const product = await createProduct({ monthly: 25, weekly: 10 }, { monthly: 15 });
    await setDiscount(20);
    // Monthly: 3 × R$ 15,00 (retail 25,00). Weekly: 2 × R$ 8,00 (10,00 less 20 %).
    expect((await buy(reseller, product.id, 'monthly', 3)).statusCode).toBe(201);
    const weekly = await buy(reseller, product.id, 'weekly', 2);
    expect(weekly.json()).toMatchObject({ unitPrice: 8, retailUnitPrice: 10 });
    const expected = {
      keysSold: 5,
      totalSpent: 61,
      retailValue: 95,
      potentialMargin: 34,
      realisedMargin: 0,
    };
    expect(await statsOf(reseller)).toMatchObject(expected);

    // Every price changes afterwards: the keys already bought keep their margins.
    await editProduct(product, { monthly: 40, weekly: 12 }, { monthly: 39 });
    await setDiscount(50);
    expect(await statsOf(reseller)).toMatchObject(expected);
    expect((await offered(reseller, product.id))?.plans).toMatchObject([
      { durationType: 'weekly', price: 6, retailPrice: 12 },
      { durationType: 'monthly', price: 39, retailPrice: 40 },
    ]);

    // A customer redeems one weekly key: R$ 2,00 realised, at the prices of the purchase.
    const [key] = weekly.json<BuyKeysResponse>().keys;
    const redeemer = await t.createUser();
    const redeemed = await t.as(redeemer).post('/api/client/redeem-key', {
      keyValue: key,
    });
    expect(redeemed.statusCode).toBe(200);
    expect(await statsOf(reseller)).toMatchObject({ ...expected, realisedMargin: 2 });
  });

  it('does not count keys without recorded prices (bought before prices were stored)', async () => {
    const reseller = await newReseller(0);
    const product = await createProduct({ monthly: 25 });
    await t.fixtures.key(product.id);
    await t.database.db
      .updateTable('license_keys')
      .set({ created_by: reseller.id })
      .where('product_id', '=', product.id)
      .execute();
    expect(await statsOf(reseller)).toMatchObject({
      keysSold: 1,
      totalSpent: 0,
      retailValue: 0,
      potentialMargin: 0,
      realisedMargin: 0,
    });
  });
});

describe('the customer shop', () => {
  it('still sells at retail whatever the reseller price and discount', async () => {
    const product = await createProduct({ monthly: 30 }, { monthly: 10 });
    await setDiscount(50);
    const buyer = await t.createUser({ role: 'client' });
    await t.database.db
      .updateTable('users')
      .set({ balance_cents: 10_000 })
      .where('id', '=', buyer.id)
      .execute();
    const response = await t.as(buyer).post('/api/shop/purchase', {
      productId: product.id,
      durationType: 'monthly',
    });
    expect(response.statusCode).toBe(200);
    expect(await t.fixtures.balance(buyer.id)).toBe(7000);
  });
});
