import type { ProductOperationalBody } from '@chaveiro/contract';
import { loaderFileMessages, messages, productStatusMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/database.js';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const HOUR = 60 * 60 * 1000;
const text = productStatusMessages;

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

/** Users with a token signed at each request's clock time (the tests move the clock by days). */
const fresh = (user: TestUser) => () => t.tokenFor(user);

function setStatus(productId: string, body: ProductOperationalBody) {
  return t.as(fresh(admin)).patch(`/api/products/${productId}/operational`, body);
}

function setPauseAll(value: 'on' | 'off') {
  return t.as(fresh(admin)).patch('/api/settings', { key: 'pause_all_users', value });
}

function ownStatus(user: TestUser, subscriptionId: string, status: 'active' | 'paused') {
  return t.as(fresh(user)).patch(`/api/client/subscriptions/${subscriptionId}/status`, { status });
}

async function row(id: string) {
  const sub = await t.fixtures.subscriptionRow(id);
  if (!sub) throw new Error(`subscription ${id} is gone`);
  return sub;
}

/** What a subscription has left now: running or frozen, the same number. */
async function remaining(id: string): Promise<number> {
  const sub = await row(id);
  return sub.status === 'paused'
    ? Number(sub.paused_remaining_ms)
    : Number(sub.expires_at) - t.clock.now();
}

describe('a product freeze', () => {
  it('stops running clocks, gives every frozen millisecond back, and answers what it did', async () => {
    const product = await t.fixtures.product({ name: 'Valorant Pro' });
    const ana = await t.createUser();
    const bia = await t.createUser();
    const running = await t.fixtures.subscription(ana.id, product.id, {
      expiresAt: t.clock.now() + 10 * DAY + 7,
    });
    const ownPause = await t.fixtures.subscription(bia.id, product.id, {
      status: 'paused',
      pausedRemainingMs: 5 * DAY,
      pauseCredits: 2,
    });
    const expiredAt = t.clock.now() - DAY;
    const cara = await t.createUser();
    const expired = await t.fixtures.subscription(cara.id, product.id, { expiresAt: expiredAt });

    const down = await setStatus(product.id, {
      status: 'updating',
      note: 'Detectado após a atualização do jogo; previsão 48 h',
    });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({
      message: `${text.changed('Em atualização')} ${text.frozen(1)}`,
      subscriptionsAffected: 1,
      givenBackMs: 0,
      product: {
        operational: {
          status: 'updating',
          note: 'Detectado após a atualização do jogo; previsão 48 h',
          freezeTime: true,
          sellWhileDown: false,
          since: new Date(t.clock.now()).toISOString(),
        },
      },
    });
    expect(await row(running.id)).toMatchObject({
      status: 'paused',
      paused_by: 'product',
      paused_remaining_ms: 10 * DAY + 7,
      expires_at: null,
      product_frozen_since: t.clock.now(),
    });
    expect(await t.lastActivity()).toBe(
      text.logChanged(
        'Valorant Pro',
        'Operacional',
        'Em atualização',
        'Detectado após a atualização do jogo; previsão 48 h',
      ),
    );

    t.clock.advance(2 * DAY + 4 * HOUR);
    const back = await setStatus(product.id, { status: 'operational' });
    expect(back.json()).toMatchObject({
      message: `${text.changed('Operacional')} ${text.givenBack(1, '2 d 4 h')}`,
      subscriptionsAffected: 1,
      givenBackMs: 2 * DAY + 4 * HOUR,
    });
    expect(await row(running.id)).toMatchObject({
      status: 'active',
      paused_by: null,
      expires_at: t.clock.now() + 10 * DAY + 7,
      given_back_ms: 2 * DAY + 4 * HOUR,
      given_back_at: t.clock.now(),
      product_frozen_since: null,
    });
    // The owner's own pause: untouched, no credit spent, still theirs to lift.
    expect(await row(ownPause.id)).toMatchObject({
      status: 'paused',
      paused_by: 'user',
      paused_remaining_ms: 5 * DAY,
      pause_credits: 2,
      given_back_ms: 0,
    });
    expect(await row(expired.id)).toMatchObject({ status: 'active', expires_at: expiredAt });

    const history = await t.as(fresh(admin)).get(`/api/products/${product.id}/status-history`);
    expect(history.statusCode).toBe(200);
    const items = history.json<{ items: Record<string, unknown>[] }>().items;
    expect(items.map((item) => item.status)).toEqual(['operational', 'updating']);
    expect(items[1]).toMatchObject({
      note: 'Detectado após a atualização do jogo; previsão 48 h',
      changedBy: admin.username,
      durationMs: 2 * DAY + 4 * HOUR,
      subscriptionsAffected: 1,
      givenBackMs: 2 * DAY + 4 * HOUR,
    });
  });

  it('keeps exact clocks through freeze → owner pause → unfreeze → owner resume', async () => {
    const product = await t.fixtures.product();
    const ana = await t.createUser();
    const sub = await t.fixtures.subscription(ana.id, product.id, {
      expiresAt: t.clock.now() + 10 * DAY,
      pauseCredits: 1,
    });
    await setStatus(product.id, { status: 'unavailable' });
    t.clock.advance(DAY);
    // Resuming a clock the product holds is not the owner's to do.
    const early = await ownStatus(ana, sub.id, 'active');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'FROZEN_BY_PRODUCT' });

    const pause = await ownStatus(ana, sub.id, 'paused');
    expect(pause.statusCode).toBe(200);
    expect(await row(sub.id)).toMatchObject({
      status: 'paused',
      paused_by: 'user',
      paused_remaining_ms: 10 * DAY,
      pause_credits: 0,
      given_back_ms: DAY,
    });

    t.clock.advance(DAY);
    const back = await setStatus(product.id, { status: 'operational' });
    expect(back.json()).toMatchObject({ subscriptionsAffected: 1, givenBackMs: DAY });
    expect(await row(sub.id)).toMatchObject({ status: 'paused', paused_by: 'user' });

    t.clock.advance(3 * DAY);
    const resume = await ownStatus(ana, sub.id, 'active');
    expect(resume.json()).toEqual({ message: messages.client.resumed });
    expect(await row(sub.id)).toMatchObject({
      status: 'active',
      expires_at: t.clock.now() + 10 * DAY,
    });
  });

  it('lets an owner resume during a freeze only into the freeze', async () => {
    const product = await t.fixtures.product();
    const ana = await t.createUser();
    const sub = await t.fixtures.subscription(ana.id, product.id, {
      status: 'paused',
      pausedRemainingMs: 4 * DAY,
    });
    await setStatus(product.id, { status: 'updating' });
    t.clock.advance(HOUR);
    const resume = await ownStatus(ana, sub.id, 'active');
    expect(resume.json()).toEqual({ message: messages.client.resumedButFrozen });
    expect(await row(sub.id)).toMatchObject({
      status: 'paused',
      paused_by: 'product',
      paused_remaining_ms: 4 * DAY,
      product_frozen_since: t.clock.now(),
    });
    t.clock.advance(2 * HOUR);
    await setStatus(product.id, { status: 'operational' });
    expect(await row(sub.id)).toMatchObject({
      status: 'active',
      expires_at: t.clock.now() + 4 * DAY,
      given_back_ms: 2 * HOUR,
    });
  });

  it('stacks with "pause all users" in either order without one undoing the other', async () => {
    const product = await t.fixtures.product();
    const ana = await t.createUser();
    const bia = await t.createUser();
    const a = await t.fixtures.subscription(ana.id, product.id, {
      expiresAt: t.clock.now() + 10 * DAY,
    });
    const b = await t.fixtures.subscription(bia.id, product.id, {
      expiresAt: t.clock.now() + 20 * DAY,
    });

    // Freeze first, then pause all: lifting pause all leaves the product's hold in force.
    await setStatus(product.id, { status: 'updating' });
    t.clock.advance(DAY);
    await setPauseAll('on');
    t.clock.advance(DAY);
    await setPauseAll('off');
    expect(await row(a.id)).toMatchObject({ status: 'paused', paused_by: 'product' });
    t.clock.advance(DAY);
    await setStatus(product.id, { status: 'operational' });
    expect(await remaining(a.id)).toBe(10 * DAY);
    expect(await remaining(b.id)).toBe(20 * DAY);

    // Pause all first, then the freeze, then pause all lifted, then the product back.
    await setPauseAll('on');
    t.clock.advance(DAY);
    await setStatus(product.id, { status: 'unavailable' });
    t.clock.advance(DAY);
    await setPauseAll('off');
    expect(await row(a.id)).toMatchObject({ status: 'paused', paused_by: 'product' });
    t.clock.advance(DAY);
    const back = await setStatus(product.id, { status: 'operational' });
    expect(back.json()).toMatchObject({ subscriptionsAffected: 2, givenBackMs: 2 * DAY });
    expect(await row(a.id)).toMatchObject({ status: 'active', given_back_ms: DAY });
    expect(await remaining(a.id)).toBe(10 * DAY);
    expect(await remaining(b.id)).toBe(20 * DAY);

    // The product back while pause all is still on: the clocks pass to pause all.
    await setStatus(product.id, { status: 'updating' });
    await setPauseAll('on');
    await setStatus(product.id, { status: 'operational' });
    expect(await row(a.id)).toMatchObject({ status: 'paused', paused_by: 'global' });
    t.clock.advance(DAY);
    await setPauseAll('off');
    expect(await remaining(a.id)).toBe(10 * DAY);
  });

  it('starts time redeemed, granted or bought during a freeze frozen', async () => {
    const product = await t.fixtures.product({ plans: { weekly: 1000 } });
    const ana = await t.createUser();
    const bia = await t.createUser();
    await setStatus(product.id, { status: 'updating', sellWhileDown: true });

    const key = await t.fixtures.key(product.id, { days: 30 });
    const redeem = await t.as(fresh(ana)).post('/api/client/redeem-key', { keyValue: key.key });
    expect(redeem.statusCode).toBe(200);
    // The customer is told their time waits for the product, and why the loader waits too.
    expect(redeem.json()).toMatchObject({
      message: messages.client.keyRedeemedFrozen(
        product.name,
        '30 d',
        messages.client.frozenUntilProductReturns,
      ),
      loader_unavailable: loaderFileMessages.productUpdating(null),
    });
    await withTransaction(t.database.db, (trx) =>
      t.app.services.balance.move(trx, {
        userId: bia.id,
        amountCents: 1000,
        reason: 'Teste',
        actorId: null,
      }),
    );
    const bought = await t
      .as(fresh(bia))
      .post('/api/shop/purchase', { productId: product.id, durationType: 'weekly' });
    expect(bought.statusCode).toBe(200);
    const subs = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('product_id', '=', product.id)
      .orderBy('paused_remaining_ms')
      .execute();
    expect(subs).toMatchObject([
      { user_id: bia.id, status: 'paused', paused_by: 'product', paused_remaining_ms: 7 * DAY },
      { user_id: ana.id, status: 'paused', paused_by: 'product', paused_remaining_ms: 30 * DAY },
    ]);

    t.clock.advance(DAY);
    await setStatus(product.id, { status: 'operational' });
    expect(await remaining(subs[0]!.id)).toBe(7 * DAY);
    expect(await remaining(subs[1]!.id)).toBe(30 * DAY);
  });

  it('holds back the expiry while frozen', async () => {
    const product = await t.fixtures.product();
    const ana = await t.createUser();
    const sub = await t.fixtures.subscription(ana.id, product.id, {
      expiresAt: t.clock.now() + HOUR,
    });
    await setStatus(product.id, { status: 'updating' });
    t.clock.advance(2 * DAY);
    await t.app.jobs.expiryReminders.runOnce();
    await t.app.outbox.idle();
    const expiredEvents = () =>
      t.database.db
        .selectFrom('events')
        .select('id')
        .where('type', '=', 'subscription.expired')
        .where('payload', 'like', `%${sub.id}%`)
        .execute();
    expect(await expiredEvents()).toEqual([]);
    await setStatus(product.id, { status: 'operational' });
    expect(await remaining(sub.id)).toBe(HOUR);
  });

  it('leaves clocks running when the seller turns "congelar o tempo" off, and freezes when it turns on', async () => {
    const product = await t.fixtures.product();
    const ana = await t.createUser();
    const sub = await t.fixtures.subscription(ana.id, product.id, {
      expiresAt: t.clock.now() + 10 * DAY,
    });
    const off = await setStatus(product.id, { status: 'unavailable', freezeTime: false });
    expect(off.json()).toMatchObject({ subscriptionsAffected: 0 });
    expect(await row(sub.id)).toMatchObject({ status: 'active' });
    t.clock.advance(DAY);
    await setStatus(product.id, { status: 'unavailable', freezeTime: true });
    expect(await row(sub.id)).toMatchObject({ status: 'paused', paused_by: 'product' });
    t.clock.advance(DAY);
    await setStatus(product.id, { status: 'operational' });
    expect(await remaining(sub.id)).toBe(9 * DAY);
  });

  it('answers an unchanged status without a new period', async () => {
    const product = await t.fixtures.product();
    await setStatus(product.id, { status: 'updating', note: 'Hoje' });
    const again = await setStatus(product.id, { status: 'updating', note: 'Hoje' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: text.unchanged });
    const renote = await setStatus(product.id, { status: 'updating', note: 'Amanhã' });
    expect(renote.json()).toMatchObject({ message: text.changed('Em atualização') });
    const items = (
      await t.as(fresh(admin)).get(`/api/products/${product.id}/status-history`)
    ).json<{ items: { status: string; note: string | null }[] }>().items;
    expect(items[0]).toMatchObject({ status: 'updating', note: 'Amanhã' });
  });

  it('keeps every clock exact when two administrators toggle at once', async () => {
    const product = await t.fixtures.product();
    const subs = [];
    for (let i = 0; i < 20; i += 1) {
      const user = await t.createUser();
      subs.push(
        await t.fixtures.subscription(user.id, product.id, {
          expiresAt: t.clock.now() + (i + 1) * DAY,
        }),
      );
    }
    const other = await t.createUser({ role: 'admin' });
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all([
        setStatus(product.id, { status: round % 2 ? 'operational' : 'updating' }),
        t
          .as(fresh(other))
          .patch(`/api/products/${product.id}/operational`, { status: 'unavailable' }),
      ]);
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      t.clock.advance(HOUR);
    }
    await setStatus(product.id, { status: 'operational' });
    for (const [i, sub] of subs.entries()) {
      expect(await remaining(sub.id)).toBe((i + 1) * DAY - (await elapsedRunning(product.id)));
    }
  });
});

/**
 * How long the product was operational (its clocks running) since the test's subscriptions
 * were made: the sum of its timeline's operational periods, the current one until now.
 */
async function elapsedRunning(productId: string): Promise<number> {
  const periods = await t.database.db
    .selectFrom('product_status_periods')
    .select(['status', 'freeze_time', 'started_at', 'ended_at'])
    .where('product_id', '=', productId)
    .execute();
  return periods
    .filter((p) => p.status === 'operational' || Number(p.freeze_time) === 0)
    .reduce((sum, p) => sum + Number(p.ended_at ?? t.clock.now()) - Number(p.started_at), 0);
}

describe('PATCH /api/products/:id/operational', () => {
  it.each([
    [{ status: 'broken' }, text.statusInvalid],
    [{ status: 'updating', note: 'x'.repeat(281) }, text.noteTooLong],
    [{ status: 'updating', freezeTime: 'yes' }, text.freezeTimeInvalid],
    [{ status: 'updating', reason: 'x'.repeat(201) }, text.reasonTooLong],
    [{ status: 'updating', extra: 1 }, undefined],
    [{}, text.statusInvalid],
  ])('refuses %j in pt-BR', async (body, message) => {
    const product = await t.fixtures.product();
    const response = await t
      .as(fresh(admin))
      .patch(`/api/products/${product.id}/operational`, body);
    expect(response.statusCode).toBe(400);
    const answer = response.json<{ message: string; code: string }>();
    expect(answer.code).toBe('VALIDATION_ERROR');
    if (message) expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(/[a-zà-ú]/i);
  });

  it('is for administrators only, and 404 for an unknown product', async () => {
    const product = await t.fixtures.product();
    const reseller = await t.createUser({ role: 'reseller' });
    const client = await t.createUser();
    for (const user of [reseller, client]) {
      const response = await t
        .as(fresh(user))
        .patch(`/api/products/${product.id}/operational`, { status: 'updating' });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.anonymous.patch(`/api/products/${product.id}/operational`, {
      status: 'updating',
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await setStatus('01900000-0000-7000-8000-000000000000', { status: 'updating' });
    expect(unknown.statusCode).toBe(404);
    const history = await t
      .as(fresh(admin))
      .get('/api/products/01900000-0000-7000-8000-000000000000/status-history');
    expect(history.statusCode).toBe(404);
  });
});
