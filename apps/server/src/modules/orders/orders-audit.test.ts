import type { CheckoutResponse } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

/**
 * Audit of the one-step checkout: a repeated checkout of one plan opens one order
 * and one charge; the agreed price is honoured after the admin changes it; a renewal whose
 * subscription was deleted still delivers what was paid.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'auditor_pedidos' });
  const saved = await t.as(admin).patch('/api/admin/payment-settings', {
    mode: 'manual',
    pix_key: 'pix@example.com',
    pix_beneficiary: 'Loja Exemplo',
    pix_city: 'Curitiba',
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

function checkout(user: TestUser, body: object) {
  return t.as(user).post('/api/shop/checkout', body);
}

function ordersOf(userId: string) {
  return t.database.db
    .selectFrom('orders')
    .select(['id', 'status', 'deposit_id', 'price_cents'])
    .where('user_id', '=', userId)
    .execute();
}

function depositsOf(userId: string) {
  return t.database.db
    .selectFrom('deposits')
    .select(['id', 'status', 'amount_cents'])
    .where('user_id', '=', userId)
    .execute();
}

describe('checkout by PIX: one intent, one charge', () => {
  it('concurrent and repeated checkouts of one plan answer the same open order', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 1990, monthly: 4990 } });
    const buyer = await t.createUser();
    const body = { productId: product.id, durationType: 'weekly', payWith: 'pix' };
    const answers = await Promise.all([
      checkout(buyer, body),
      checkout(buyer, body),
      checkout(buyer, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json<CheckoutResponse>().order.id));
    expect(ids.size).toBe(1);
    const again = await checkout(buyer, body);
    expect(again.json<CheckoutResponse>().order.id).toBe([...ids][0]);
    expect(again.json<CheckoutResponse>().instructions).toMatchObject({
      amount: 19.9,
      reference: again.json<CheckoutResponse>().deposit?.reference,
    });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await depositsOf(buyer.id)).toHaveLength(1);

    // Another plan is another intent; a paid order is no longer reused.
    const monthly = await checkout(buyer, { ...body, durationType: 'monthly' });
    expect(monthly.statusCode).toBe(200);
    expect(await ordersOf(buyer.id)).toHaveLength(2);
    const depositId = again.json<CheckoutResponse>().deposit!.id;
    expect((await t.as(admin).post(`/api/admin/deposits/${depositId}/approve`)).statusCode).toBe(
      200,
    );
    await t.app.outbox.drain();
    const after = await checkout(buyer, body);
    expect(after.json<CheckoutResponse>().order.id).not.toBe([...ids][0]);
    expect(await ordersOf(buyer.id)).toHaveLength(3);
  });

  it('honours the agreed price when the admin changes it before the payment lands', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 2000 } });
    const buyer = await t.createUser();
    const opened = await checkout(buyer, {
      productId: product.id,
      durationType: 'weekly',
      payWith: 'pix',
    });
    const order = opened.json<CheckoutResponse>();
    await t.database.db
      .updateTable('plans')
      .set({ price_cents: 9000 })
      .where('product_id', '=', product.id)
      .execute();
    expect(
      (await t.as(admin).post(`/api/admin/deposits/${order.deposit!.id}/approve`)).statusCode,
    ).toBe(200);
    await t.app.outbox.drain();
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: 'completed', price_cents: 2000 });
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(0);
  });

  it('a renewal whose subscription was deleted meanwhile still delivers the plan paid for', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 1500 } });
    const buyer = await t.createUser();
    const sub = await t.fixtures.subscription(buyer.id, product.id);
    const opened = await checkout(buyer, {
      productId: product.id,
      durationType: 'weekly',
      payWith: 'pix',
      subscriptionId: sub.id,
    });
    expect(opened.statusCode).toBe(200);
    await t.database.db
      .deleteFrom('machines')
      .execute()
      .catch(() => undefined);
    await t.database.db.deleteFrom('subscriptions').where('id', '=', sub.id).execute();
    const deposit = opened.json<CheckoutResponse>().deposit!;
    expect((await t.as(admin).post(`/api/admin/deposits/${deposit.id}/approve`)).statusCode).toBe(
      200,
    );
    await t.app.outbox.drain();
    const [order] = await ordersOf(buyer.id);
    expect(order?.status).toBe('completed');
    const subs = await t.database.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', buyer.id)
      .execute();
    expect(subs).toHaveLength(1);
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(0);
  });

  it("a banned buyer's PIX paid later is credited once and the order settles, nothing lost", async () => {
    const product = await t.fixtures.product({ plans: { daily: 700 } });
    const buyer = await t.createUser();
    const opened = await checkout(buyer, {
      productId: product.id,
      durationType: 'daily',
      payWith: 'pix',
    });
    const deposit = opened.json<CheckoutResponse>().deposit!;
    await t.database.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', buyer.id)
      .execute();
    const approvals = await Promise.all([
      t.as(admin).post(`/api/admin/deposits/${deposit.id}/approve`),
      t.as(admin).post(`/api/admin/deposits/${deposit.id}/approve`),
    ]);
    expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    await t.app.outbox.drain();
    const [order] = await ordersOf(buyer.id);
    expect(['completed', 'failed']).toContain(order?.status);
    // Whatever the order did, the ledger explains the balance: the payment is not lost.
    const balance = await t.fixtures.expectLedgerMatches(buyer.id);
    expect(balance).toBe(order?.status === 'completed' ? 0 : 700);
  });
});
