import type { NotificationsPage } from '@chaveiro/contract';
import { DAY_MS, HOUR_MS, MINUTE_MS, formatDuration } from '@chaveiro/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import { changeProductStatus } from '../../testing/product-status.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { durationSql } from './notifications-repository.js';

let t: TestApp;
/** Every statement the app ran, while `recording`. */
const statements: string[] = [];
let recording = false;

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (statement) => {
      if (recording) statements.push(statement);
    },
  });
});
afterAll(() => t.close());

async function bell(user: TestUser): Promise<NotificationsPage['items']> {
  const response = await t.as(user).get('/api/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationsPage>().items.filter((item) => item.kind === 'product_status');
}

/** Subscribers of one product in every state the bell must tell apart. */
async function subscribers(productName: string) {
  const product = await t.fixtures.product({ name: productName });
  const [running, userPaused, productPaused, expired, spent, otherProduct] = await Promise.all(
    Array.from({ length: 6 }, () => t.createUser()),
  );
  const subscriptions = {
    running: await t.fixtures.subscription(running!.id, product.id),
    userPaused: await t.fixtures.subscription(userPaused!.id, product.id, {
      status: 'paused',
      pausedRemainingMs: 5 * DAY,
    }),
    productPaused: await t.fixtures.subscription(productPaused!.id, product.id, {
      status: 'paused',
      pausedRemainingMs: 9 * DAY,
    }),
  };
  await t.database.db
    .updateTable('subscriptions')
    .set({ paused_by: 'product', product_frozen_since: t.clock.now() })
    .where('id', '=', subscriptions.productPaused.id)
    .execute();
  await t.fixtures.subscription(expired!.id, product.id, { expiresAt: t.clock.now() - 1 });
  await t.fixtures.subscription(spent!.id, product.id, { status: 'paused', pausedRemainingMs: 0 });
  await t.fixtures.subscription(otherProduct!.id, (await t.fixtures.product()).id);
  return {
    product,
    subscriptions,
    told: { running: running!, userPaused: userPaused!, productPaused: productPaused! },
    untold: { expired: expired!, spent: spent!, otherProduct: otherProduct! },
  };
}

describe('the bell on product.status_changed', () => {
  it('tells every active subscriber, running or paused, in one INSERT; not the expired nor others', async () => {
    const { product, told, untold } = await subscribers('Valorant Pro');
    statements.length = 0;
    recording = true;
    await changeProductStatus(t, product, {
      status: 'updating',
      note: 'Detectado após a atualização do jogo; previsão 48 h',
      timeFrozen: true,
    });
    recording = false;

    for (const user of Object.values(told)) {
      expect(await bell(user)).toEqual([
        expect.objectContaining({
          title: 'Valorant Pro: Em atualização',
          body: 'Valorant Pro está em atualização: Detectado após a atualização do jogo; previsão 48 h. O tempo da sua assinatura está congelado.',
          link: '/dashboard',
          read: false,
        }),
      ]);
    }
    for (const user of Object.values(untold)) expect(await bell(user)).toEqual([]);
    const inserts = statements.filter((statement) =>
      /^insert into "notifications"/i.test(statement),
    );
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toMatch(/select/i);
  });

  it('back to operational: each subscription reads the time its own freeze gave back', async () => {
    const { product, subscriptions, told } = await subscribers('Spoofer Max');
    await changeProductStatus(t, product, { status: 'unavailable', timeFrozen: false });
    expect((await bell(told.running))[0]?.body).toBe('Spoofer Max está indisponível.');

    t.clock.advance(HOUR_MS);
    const since = t.clock.now();
    const givenBack = 2 * DAY_MS + 4 * HOUR_MS + 12 * MINUTE_MS;
    // The subscriptions module's unfreeze: what it gave each, and when.
    await t.database.db
      .updateTable('subscriptions')
      .set({ given_back_ms: givenBack, given_back_at: since })
      .where('id', '=', subscriptions.productPaused.id)
      .execute();
    // An older freeze's time back is not this change's.
    await t.database.db
      .updateTable('subscriptions')
      .set({ given_back_ms: 3 * HOUR_MS, given_back_at: since - 30 * DAY })
      .where('id', '=', subscriptions.running.id)
      .execute();
    await changeProductStatus(t, product, {
      status: 'operational',
      previousStatus: 'unavailable',
      givenBackMs: givenBack,
      subscriptionsAffected: 1,
    });

    const latest = async (user: TestUser) => (await bell(user))[0];
    expect(await latest(told.productPaused)).toMatchObject({
      title: 'Spoofer Max: Operacional',
      body: 'Spoofer Max voltou a funcionar. 2 d 4 h devolvidos à sua assinatura.',
    });
    expect((await latest(told.running))?.body).toBe('Spoofer Max voltou a funcionar.');
    expect((await latest(told.userPaused))?.body).toBe('Spoofer Max voltou a funcionar.');
  });

  it('tells nobody when a product that stays operational has a setting changed', async () => {
    const { product, told } = await subscribers('Sem Mudança');
    await changeProductStatus(t, product, { status: 'operational', note: 'nada' });
    expect(await bell(told.running)).toEqual([]);
  });
});

describe('durations in SQL', () => {
  it.each([
    0,
    59_999,
    MINUTE_MS,
    12 * MINUTE_MS + 59_999,
    HOUR_MS,
    HOUR_MS + MINUTE_MS,
    23 * HOUR_MS + 59 * MINUTE_MS,
    DAY_MS,
    DAY_MS + 59 * MINUTE_MS,
    2 * DAY_MS + 4 * HOUR_MS,
    400 * DAY_MS + 23 * HOUR_MS + 59 * MINUTE_MS,
  ])('writes %i ms as formatDuration does', async (ms) => {
    const { rows } = await sql<{ text: string }>`select ${durationSql(
      sql<number>`cast(${sql.lit(ms)} as bigint)`,
    )} as text`.execute(t.database.db);
    expect(rows[0]?.text).toBe(formatDuration(ms));
  });
});
