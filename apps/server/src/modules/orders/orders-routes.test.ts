import type { CheckoutResponse, OrderReceipt, OrdersPage, RenewalOffer } from '@chaveiro/contract';
import {
  PRODUCT_OPERATIONAL_LABELS,
  XP_RULES,
  messages,
  productStatusMessages,
} from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { SmtpInbox } from '../../testing/smtp-inbox.js';
import { startSmtpInbox } from '../../testing/smtp-inbox.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.orders;
const HOUR = 60 * 60 * 1000;
/** The outbox's prompt grace: past it, the poller takes up what is pending. */
const PROMPT_GRACE_MS = 30_000;

let t: TestApp;
let inbox: SmtpInbox;
let admin: TestUser;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://chaveiro.example' },
  });
  admin = await t.createUser({ role: 'admin', username: 'chefe_pedidos' });
  const pix = { pix_key: 'pix@example.com', pix_beneficiary: 'Loja Exemplo', pix_city: 'Curitiba' };
  const saved = await t.as(admin).patch('/api/admin/payment-settings', pix);
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

async function fund(user: TestUser, cents: number): Promise<void> {
  // A plain deposit, approved: the way money reaches a balance.
  const opened = await t.as(user).post('/api/deposits', { amount: cents / 100 });
  expect(opened.statusCode).toBe(201);
  const id = opened.json<{ deposit: { id: string } }>().deposit.id;
  expect((await t.as(admin).post(`/api/admin/deposits/${id}/approve`)).statusCode).toBe(200);
}

function checkout(user: TestUser, body: object) {
  return t.as(user).post('/api/shop/checkout', body);
}

function approve(depositId: string) {
  return t.as(admin).post(`/api/admin/deposits/${depositId}/approve`);
}

async function orderOf(user: TestUser, id: string): Promise<OrderReceipt> {
  const response = await t.as(user).get(`/api/orders/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<OrderReceipt>();
}

function subscriptionsOf(userId: string) {
  return t.database.db
    .selectFrom('subscriptions')
    .select(['id', 'product_id', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();
}

function noticesOf(userId: string) {
  return t.database.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'link'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['purchase_completed', 'order_failed'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

async function purchaseEvents(userId: string) {
  const rows = await t.database.db
    .selectFrom('events')
    .select('payload')
    .where('type', '=', 'purchase.completed')
    .execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { userId: string; orderId: string })
    .filter((payload) => payload.userId === userId);
}

async function xpOf(userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('xp')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.xp);
}

describe('POST /api/shop/checkout by balance', () => {
  it('pays at once and records a completed order, listed and with a receipt', async () => {
    const product = await t.fixtures.product({ name: 'Aim Pro', plans: { monthly: 2990 } });
    const buyer = await t.createUser();
    await fund(buyer, 5000);

    const response = await checkout(buyer, {
      productId: product.id,
      durationType: 'monthly',
      payWith: 'balance',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<CheckoutResponse>();
    expect(body).toMatchObject({
      message: messages.shop.purchased('Aim Pro', '14/02/2026'),
      balance: 20.1,
      deposit: null,
      instructions: null,
      order: {
        kind: 'purchase',
        status: 'completed',
        product_name: 'Aim Pro',
        duration_type: 'monthly',
        days: 30,
        price: 29.9,
        method: 'balance',
        paid_from_balance: 29.9,
        deposit: null,
        failure_reason: null,
      },
    });
    const [sub] = await subscriptionsOf(buyer.id);
    expect(body.order.subscription_id).toBe(sub?.id);
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(2010);

    const receipt = await orderOf(buyer, body.order.id);
    expect(receipt).toMatchObject({
      seller: 'Loja Exemplo',
      buyer: { username: buyer.username, email: buyer.email },
      status: 'completed',
    });
    const list = (await t.as(buyer).get('/api/orders')).json<OrdersPage>();
    expect(list.total).toBe(2);
    expect(list.items.map((item) => [item.type, item.status, item.amount, item.method])).toEqual([
      ['order', 'completed', 29.9, 'balance'],
      ['deposit', 'approved', 50, 'pix'],
    ]);
    // The receipt by e-mail and the bell.
    const mail = await inbox.waitFor(buyer.email);
    expect(mail.subject).toBe(text.mailCompletedSubject('Aim Pro'));
    expect(inbox.linkIn(mail, '/dashboard/orders/')).toBe(
      `https://chaveiro.example/dashboard/orders/${body.order.id}`,
    );
    expect(await noticesOf(buyer.id)).toEqual([
      {
        kind: 'purchase_completed',
        title: text.notifyCompletedTitle,
        body: text.notifyCompletedBody('Aim Pro', 'Mensal', '14/02/2026'),
        link: `/dashboard/orders/${body.order.id}`,
      },
    ]);
  });

  it('answers 409 Saldo insuficiente and writes no order when the balance is short', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 1000 } });
    const buyer = await t.createUser();
    const response = await checkout(buyer, {
      productId: product.id,
      durationType: 'weekly',
      payWith: 'balance',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: messages.shop.insufficientBalance,
      code: 'INSUFFICIENT_BALANCE',
    });
    expect((await t.as(buyer).get('/api/orders')).json<OrdersPage>().total).toBe(0);
  });
});

describe('POST /api/shop/checkout by PIX', () => {
  it('charges the shortfall, completes once on approval, even after the buyer signed out', async () => {
    const product = await t.fixtures.product({ name: 'Wall X', plans: { weekly: 2990 } });
    const buyer = await t.createUser();
    await fund(buyer, 1000);
    inbox.mails.length = 0;

    const response = await checkout(buyer, {
      productId: product.id,
      durationType: 'weekly',
      payWith: 'pix',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<CheckoutResponse>();
    expect(body.message).toBe(text.awaitingPayment('R$ 19,90'));
    expect(body.order).toMatchObject({
      status: 'awaiting_payment',
      method: 'pix',
      price: 29.9,
      paid_from_balance: 10,
      subscription_id: null,
      deposit: { amount: 19.9, status: 'pending' },
    });
    expect(body.deposit).toMatchObject({ amount: 19.9, status: 'pending' });
    expect(body.instructions).toMatchObject({
      pix_key: 'pix@example.com',
      amount: 19.9,
      reference: body.deposit?.reference,
    });
    expect((await orderOf(buyer, body.order.id)).status).toBe('awaiting_payment');
    // Nothing bought yet.
    expect(await subscriptionsOf(buyer.id)).toEqual([]);

    // The customer's session ends (a password change, an inactivity logout on another tab).
    await t.database.db
      .updateTable('users')
      .set({ token_version: 5 })
      .where('id', '=', buyer.id)
      .execute();
    expect((await t.as(buyer).get('/api/orders')).statusCode).toBe(401);

    // Two admins approve at once: one credits, the order completes once.
    const approvals = await Promise.all([approve(body.deposit!.id), approve(body.deposit!.id)]);
    expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // The order completes in a handler of `deposit.paid`, right after the approval's answer.
    await t.app.outbox.idle();

    const signedIn = {
      ...buyer,
      headers: { authorization: `Bearer ${await t.tokenFor({ ...buyer, tokenVersion: 5 })}` },
    };
    const done = await orderOf(signedIn, body.order.id);
    const subs = await subscriptionsOf(buyer.id);
    expect(subs).toHaveLength(1);
    expect(done).toMatchObject({
      status: 'completed',
      subscription_id: subs[0]?.id,
      // A manual PIX: no gateway payment to name on the receipt.
      deposit: {
        status: 'approved',
        reference: body.deposit?.reference,
        gateway: 'manual',
        gateway_payment_id: null,
      },
    });
    expect(done.completed_at).not.toBeNull();
    expect(subs[0]?.expires_at).toBe(t.clock.now() + 7 * DAY);
    const ledger = await t.fixtures.ledger(buyer.id);
    expect(ledger.slice(-2).map((line) => [line.amount_cents, line.balance_after_cents])).toEqual([
      [1990, 2990],
      [-2990, 0],
    ]);
    expect(ledger.at(-1)?.reason).toBe(
      text.reasonPurchase('Wall X', 'Semanal', body.deposit?.reference ?? ''),
    );
    await t.fixtures.expectLedgerMatches(buyer.id);
    expect(await purchaseEvents(buyer.id)).toEqual([
      expect.objectContaining({ orderId: body.order.id, method: 'pix' }),
    ]);
    expect(await xpOf(buyer.id)).toBe(7 * XP_RULES.perLicenceDay);
    expect(await t.lastActivity()).toBe(
      text.logCompleted(buyer.username, 'Wall X', 'Semanal', 'R$ 29,90'),
    );

    // Told in the bell and by e-mail, with nobody on the page.
    expect(await noticesOf(buyer.id)).toEqual([
      expect.objectContaining({ kind: 'purchase_completed', title: text.notifyCompletedTitle }),
    ]);
    const mail = await inbox.waitFor(buyer.email);
    expect(mail.subject).toBe(text.mailCompletedSubject('Wall X'));

    // A redelivery of the deposit's event (the at-least-once poller) changes nothing.
    const event = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'deposit.paid')
      .where('payload', 'like', `%${body.deposit!.id}%`)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('event_deliveries')
      .set({ status: 'pending', next_attempt_at: 0, claimed_until: null, done_at: null })
      .where('event_id', '=', event.id)
      .where('handler', '=', 'orders.complete-on-deposit-paid')
      .execute();
    t.clock.advance(PROMPT_GRACE_MS);
    expect(await t.app.outbox.drain()).toBeGreaterThanOrEqual(1);
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(0);
    expect(await subscriptionsOf(buyer.id)).toEqual(subs);
    expect(await purchaseEvents(buyer.id)).toHaveLength(1);
    expect(await noticesOf(buyer.id)).toHaveLength(1);
  });

  it('charges the whole price by PIX when asked, leaving the balance as it was', async () => {
    const product = await t.fixtures.product({ plans: { daily: 590 } });
    const buyer = await t.createUser();
    await fund(buyer, 1000);
    const body = (
      await checkout(buyer, {
        productId: product.id,
        durationType: 'daily',
        payWith: 'pix',
        pixAmount: 'full',
      })
    ).json<CheckoutResponse>();
    expect(body.order).toMatchObject({ paid_from_balance: 0, deposit: { amount: 5.9 } });
    // Below a plain deposit's R$ 5,00 minimum is fine for an order.
    const small = await checkout(buyer, {
      productId: (await t.fixtures.product({ plans: { daily: 1003 } })).id,
      durationType: 'daily',
      payWith: 'pix',
    });
    expect(small.json<CheckoutResponse>().deposit?.amount).toBe(0.03);

    expect((await approve(body.deposit!.id)).statusCode).toBe(200);
    await t.app.outbox.idle();
    expect((await orderOf(buyer, body.order.id)).status).toBe('completed');
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(1000);
  });

  it('fails the order, keeps the money on the balance and tells the buyer when it cannot complete', async () => {
    const buyer = await t.createUser();
    const off = await t.fixtures.product({ name: 'Some', plans: { weekly: 1500 } });
    const gone = await t.fixtures.product({
      name: 'Plano Sumiu',
      plans: { weekly: 1500, daily: 200 },
    });
    const spent = await t.fixtures.product({ name: 'Gasto', plans: { weekly: 1500 } });
    const open = async (productId: string) =>
      (
        await checkout(buyer, { productId, durationType: 'weekly', payWith: 'pix' })
      ).json<CheckoutResponse>();
    const [first, second] = [await open(off.id), await open(gone.id)];
    await fund(buyer, 500);
    const third = await open(spent.id);
    expect(third.deposit?.amount).toBe(10);

    await t.as(admin).patch(`/api/products/${off.id}/status`, { status: 'disabled' });
    await t.database.db
      .deleteFrom('plans')
      .where('product_id', '=', gone.id)
      .where('duration_type', '=', 'weekly')
      .execute();
    // The R$ 5,00 the third order counted on is spent before its PIX lands.
    const other = await t.fixtures.product({ plans: { daily: 500 } });
    expect(
      (await checkout(buyer, { productId: other.id, durationType: 'daily', payWith: 'balance' }))
        .statusCode,
    ).toBe(200);

    // The third first: the money the others leave on the balance would cover it.
    for (const order of [third, first, second]) {
      expect((await approve(order.deposit!.id)).statusCode).toBe(200);
      await t.app.outbox.idle();
    }
    const reasons = [
      text.failedProductUnavailable,
      text.failedPlanUnavailable,
      text.failedInsufficientBalance,
    ];
    for (const [i, order] of [first, second, third].entries()) {
      expect(await orderOf(buyer, order.order.id)).toMatchObject({
        status: 'failed',
        failure_reason: reasons[i],
        subscription_id: null,
      });
    }
    // 15 + 15 + 10 paid by PIX stay on the balance.
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(4000);
    expect((await subscriptionsOf(buyer.id)).map((sub) => sub.product_id)).toEqual([other.id]);
    const failures = (await noticesOf(buyer.id)).filter((n) => n.kind === 'order_failed');
    expect(failures).toEqual([
      expect.objectContaining({ body: text.notifyFailedBody('Gasto', reasons[2]!) }),
      {
        kind: 'order_failed',
        title: text.notifyFailedTitle,
        body: text.notifyFailedBody('Some', text.failedProductUnavailable),
        link: `/dashboard/orders/${first.order.id}`,
      },
      expect.objectContaining({ body: text.notifyFailedBody('Plano Sumiu', reasons[1]!) }),
    ]);
    const subjects: string[] = [];
    for (let i = 0; i < 3; i += 1) subjects.push((await inbox.waitFor(buyer.email)).subject);
    expect(subjects).toContain(text.mailFailedSubject('Gasto'));
    expect(await t.app.outbox.listDead()).toEqual([]);
  });

  it('cancels the order when its deposit is refused', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 1500 } });
    const buyer = await t.createUser();
    const body = (
      await checkout(buyer, { productId: product.id, durationType: 'weekly', payWith: 'pix' })
    ).json<CheckoutResponse>();
    const rejected = await t.as(admin).post(`/api/admin/deposits/${body.deposit!.id}/reject`, {
      reason: 'PIX não encontrado',
    });
    expect(rejected.statusCode).toBe(200);
    await t.app.outbox.idle();
    expect(await orderOf(buyer, body.order.id)).toMatchObject({
      status: 'cancelled',
      failure_reason: text.cancelledDepositRejected('PIX não encontrado'),
    });
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(0);
  });
});

describe('checkout while the product is not operational', () => {
  const note = 'Voltamos amanhã';
  const notForSale = {
    message: productStatusMessages.notForSale(PRODUCT_OPERATIONAL_LABELS.unavailable, note),
    code: 'PRODUCT_NOT_OPERATIONAL',
  };

  function depositsOf(userId: string) {
    return t.database.db
      .selectFrom('deposits')
      .select(['id', 'status'])
      .where('user_id', '=', userId)
      .execute();
  }

  it('refuses by balance and by PIX with 409, opening no order and no charge', async () => {
    const product = await t.fixtures.product({ name: 'Fora do Ar', plans: { weekly: 1500 } });
    await t.fixtures.productOperational(product.id, { status: 'unavailable', note });
    const buyer = await t.createUser();
    await fund(buyer, 500);
    const depositsBefore = await depositsOf(buyer.id);

    for (const payWith of ['balance', 'pix'] as const) {
      const response = await checkout(buyer, {
        productId: product.id,
        durationType: 'weekly',
        payWith,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(notForSale);
    }
    expect(await depositsOf(buyer.id)).toEqual(depositsBefore);
    // Only the funding deposit: no order.
    expect((await t.as(buyer).get('/api/orders')).json<OrdersPage>().items).toEqual([
      expect.objectContaining({ type: 'deposit' }),
    ]);
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(500);
  });

  it('takes a PIX order when the seller sells it while down', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 1500 } });
    await t.fixtures.productOperational(product.id, {
      status: 'updating',
      sellWhileDown: true,
    });
    const buyer = await t.createUser();
    const response = await checkout(buyer, {
      productId: product.id,
      durationType: 'weekly',
      payWith: 'pix',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CheckoutResponse>().order.status).toBe('awaiting_payment');
  });

  it('completes a PIX order placed before the product went down and paid during the outage', async () => {
    const product = await t.fixtures.product({ name: 'Caiu Depois', plans: { weekly: 1500 } });
    const buyer = await t.createUser();
    const placed = (
      await checkout(buyer, { productId: product.id, durationType: 'weekly', payWith: 'pix' })
    ).json<CheckoutResponse>();
    await t.fixtures.productOperational(product.id, { status: 'unavailable', note });

    expect((await approve(placed.deposit!.id)).statusCode).toBe(200);
    await t.app.outbox.idle();

    const subs = await subscriptionsOf(buyer.id);
    expect(subs).toHaveLength(1);
    expect(await orderOf(buyer, placed.order.id)).toMatchObject({
      status: 'completed',
      subscription_id: subs[0]?.id,
    });
    // Bought while the product is frozen: its week starts when the product returns.
    expect(await t.fixtures.subscriptionRow(subs[0]!.id)).toMatchObject({
      status: 'paused',
      paused_by: 'product',
      paused_remaining_ms: 7 * DAY,
    });
    expect(await t.fixtures.expectLedgerMatches(buyer.id)).toBe(0);
    // A new order of it is still refused.
    const again = await checkout(buyer, {
      productId: product.id,
      durationType: 'weekly',
      payWith: 'pix',
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('renewals', () => {
  it('offers the plan last bought and extends the same subscription, by balance or PIX', async () => {
    const product = await t.fixtures.product({
      name: 'Renova',
      plans: { weekly: 1000, monthly: 3000 },
    });
    const buyer = await t.createUser();
    await fund(buyer, 1000);
    const first = (
      await checkout(buyer, { productId: product.id, durationType: 'weekly', payWith: 'balance' })
    ).json<CheckoutResponse>();
    const subId = first.order.subscription_id!;

    const offer = await t.as(buyer).get(`/api/shop/renewal/${subId}`);
    expect(offer.statusCode).toBe(200);
    expect(offer.json<RenewalOffer>()).toMatchObject({
      subscription_id: subId,
      duration_type: 'weekly',
      product: { id: product.id, name: 'Renova' },
    });

    t.clock.advance(HOUR);
    const renewal = (
      await checkout(buyer, {
        productId: product.id,
        durationType: 'weekly',
        subscriptionId: subId,
        payWith: 'pix',
      })
    ).json<CheckoutResponse>();
    expect(renewal.order).toMatchObject({ kind: 'renewal', subscription_id: subId });
    expect((await approve(renewal.deposit!.id)).statusCode).toBe(200);
    await t.app.outbox.idle();
    expect(await orderOf(buyer, renewal.order.id)).toMatchObject({
      status: 'completed',
      subscription_id: subId,
    });
    const subs = await subscriptionsOf(buyer.id);
    expect(subs).toEqual([
      { id: subId, product_id: product.id, expires_at: t.clock.now() - HOUR + 14 * DAY },
    ]);
  });

  it('refuses another account’s subscription (404) and one of another product (422)', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 1000 } });
    const other = await t.fixtures.product({ plans: { weekly: 1000 } });
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const sub = await t.fixtures.subscription(owner.id, product.id);
    const mine = await t.fixtures.subscription(stranger.id, product.id);

    const foreign = await checkout(stranger, {
      productId: product.id,
      durationType: 'weekly',
      subscriptionId: sub.id,
      payWith: 'pix',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: text.subscriptionNotFound, code: 'NOT_FOUND' });
    expect((await t.as(stranger).get(`/api/shop/renewal/${sub.id}`)).statusCode).toBe(404);
    const mismatch = await checkout(stranger, {
      productId: other.id,
      durationType: 'weekly',
      subscriptionId: mine.id,
      payWith: 'pix',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({
      message: text.subscriptionOtherProduct,
      code: 'SUBSCRIPTION_OTHER_PRODUCT',
    });
    // With no order behind it, the customer picks the plan.
    const offer = await t.as(stranger).get(`/api/shop/renewal/${mine.id}`);
    expect(offer.json<RenewalOffer>().duration_type).toBeNull();
    await t.as(admin).patch(`/api/products/${product.id}/status`, { status: 'disabled' });
    const off = await t.as(stranger).get(`/api/shop/renewal/${mine.id}`);
    expect(off.statusCode).toBe(422);
    expect(off.json()).toEqual({
      message: messages.shop.productUnavailable,
      code: 'PRODUCT_UNAVAILABLE',
    });
  });
});

describe('expiry reminders', () => {
  it('reminds 3 days and 1 day before, in the bell and by e-mail, each once, linking to "Renovar"', async () => {
    const owner = await t.createUser();
    const product = await t.fixtures.product({ name: 'Lembrete' });
    const expiresAt = t.clock.now() + 2 * DAY + 3 * HOUR;
    const sub = await t.fixtures.subscription(owner.id, product.id, { expiresAt });
    const reminders = () =>
      t.database.db
        .selectFrom('notifications')
        .select(['title', 'link', 'dedupe_key'])
        .where('user_id', '=', owner.id)
        .orderBy('created_at')
        .execute();

    await t.app.jobs.expiryReminders.runOnce();
    await t.app.jobs.expiryReminders.runOnce();
    const link = `/dashboard?renovar=${sub.id}`;
    expect(await reminders()).toEqual([
      {
        title: messages.notifications.expiringTitle,
        link,
        dedupe_key: `expiring:${sub.id}:${String(expiresAt)}`,
      },
    ]);
    const first = await inbox.waitFor(owner.email);
    expect(first.subject).toBe(messages.notifications.expiringMailSubject('Lembrete'));
    expect(inbox.linkIn(first, '/dashboard?renovar=')).toBe(`https://chaveiro.example${link}`);

    // A day and a half later: the last reminder, once.
    const before = t.clock.now();
    t.clock.advance(DAY + 12 * HOUR);
    await t.app.jobs.expiryReminders.runOnce();
    await t.app.jobs.expiryReminders.runOnce();
    expect(await reminders()).toEqual([
      expect.objectContaining({ title: messages.notifications.expiringTitle }),
      {
        title: messages.notifications.expiringTomorrowTitle,
        link,
        dedupe_key: `expiring-1d:${sub.id}:${String(expiresAt)}`,
      },
    ]);
    await inbox.waitFor(owner.email);
    await t.app.outbox.drain();
    const mails = inbox.mails.filter((mail) => mail.to.includes(owner.email.toLowerCase()));
    expect(mails).toHaveLength(2);
    // Back, so the sessions of the other tests stay valid (they last 12 h).
    t.clock.set(before);
  });
});

describe('GET /api/orders', () => {
  it('lists orders and plain deposits newest first, a funding deposit once, paged', async () => {
    const product = await t.fixtures.product({ name: 'Lista', plans: { daily: 700 } });
    const buyer = await t.createUser();
    await fund(buyer, 1000);
    t.clock.advance(1000);
    await checkout(buyer, { productId: product.id, durationType: 'daily', payWith: 'balance' });
    t.clock.advance(1000);
    await checkout(buyer, { productId: product.id, durationType: 'daily', payWith: 'pix' });

    const page = (await t.as(buyer).get('/api/orders?pageSize=2')).json<OrdersPage>();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(
      page.items.map((i) => [
        i.type,
        i.product_name,
        i.duration_type,
        i.amount,
        i.method,
        i.status,
      ]),
    ).toEqual([
      ['order', 'Lista', 'daily', 7, 'pix', 'awaiting_payment'],
      ['order', 'Lista', 'daily', 7, 'balance', 'completed'],
    ]);
    const second = (await t.as(buyer).get('/api/orders?pageSize=2&page=2')).json<OrdersPage>();
    expect(second.items.map((i) => [i.type, i.amount, i.status])).toEqual([
      ['deposit', 10, 'approved'],
    ]);
    // Someone else's order reads as unknown.
    const stranger = await t.createUser();
    const notMine = await t.as(stranger).get(`/api/orders/${page.items[0]!.id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ message: text.notFound, code: 'NOT_FOUND' });
    expect((await t.as(stranger).get('/api/orders')).json<OrdersPage>().total).toBe(0);
    expect((await t.as(admin).get('/api/orders')).statusCode).toBe(403);
    expect((await t.anonymous.get('/api/orders')).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('refuses unknown products (404), plans not offered and off sale (422)', async () => {
    const buyer = await t.createUser();
    const product = await t.fixtures.product({ plans: { daily: 100 } });
    const unknown = await checkout(buyer, {
      productId: 'nao-existe',
      durationType: 'daily',
      payWith: 'pix',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: messages.shop.productNotFound,
      code: 'NOT_FOUND',
    });
    const noPlan = await checkout(buyer, {
      productId: product.id,
      durationType: 'monthly',
      payWith: 'pix',
    });
    expect(noPlan.statusCode).toBe(422);
    expect(noPlan.json()).toEqual({
      message: messages.shop.planUnavailable,
      code: 'PLAN_UNAVAILABLE',
    });
    expect((await t.as(buyer).get('/api/orders')).json<OrdersPage>().total).toBe(0);
  });

  it.each([
    [{ productId: 'x', durationType: 'daily' }, text.payWithRequired],
    [{ productId: 'x', durationType: 'daily', payWith: 'cartao' }, text.payWithRequired],
    [
      { productId: 'x', durationType: 'daily', payWith: 'pix', pixAmount: 'metade' },
      text.pixAmountInvalid,
    ],
    [{ productId: 'x', durationType: 'anual', payWith: 'pix' }, messages.shop.planRequired],
    [{ durationType: 'daily', payWith: 'pix' }, messages.shop.productRequired],
  ])('refuses %j with a pt-BR 400', async (payload, message) => {
    const buyer = await t.createUser();
    const response = await checkout(buyer, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('refuses fields a buyer may not set, admins (403) and anonymous callers (401)', async () => {
    const buyer = await t.createUser();
    const payload = { productId: 'x', durationType: 'daily', payWith: 'pix' };
    expect((await checkout(buyer, { ...payload, price: 0 })).statusCode).toBe(400);
    expect((await checkout(admin, payload)).statusCode).toBe(403);
    expect((await t.anonymous.post('/api/shop/checkout', payload)).statusCode).toBe(401);
  });
});
