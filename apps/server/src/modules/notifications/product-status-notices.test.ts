import type { NotificationsPage } from '@chaveiro/contract';
import { DAY_MS, HOUR_MS, MINUTE_MS, formatDuration } from '@chaveiro/contract';
import type { CompiledQuery } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { newId } from '../../platform/core/ids.js';
import type { RunOptions, RunQueries } from '../../platform/db/sqlite-worker.js';
import { DAY } from '../../testing/fixtures.js';
import { changeProductStatus } from '../../testing/product-status.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { createNotificationsRepository, durationSql } from './notifications-repository.js';
import { createProductStatusNotices, productStatusNotices } from './product-status-notices.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
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
  it('tells every active subscriber, running or paused; not the expired nor others', async () => {
    const { product, told, untold } = await subscribers('Valorant Pro');
    await changeProductStatus(t, product, {
      status: 'updating',
      note: 'Detectado após a atualização do jogo; previsão 48 h',
      timeFrozen: true,
    });

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

/** How the bell is written for a product with thousands of subscribers. */
describe('the bell of a large product, range by range', () => {
  const CHUNK = 400;
  const SUBSCRIPTIONS = 2_500;

  /**
   * `count` subscriptions of one product, each its own user's: every 10th expired, every 10th
   * (offset 5) paused with no time left, every 7th paused with time left. Answers the users
   * that must be told.
   */
  async function manySubscribers(productId: string, count: number): Promise<Set<string>> {
    const now = t.clock.now();
    const told = new Set<string>();
    const rows = Array.from({ length: count }, (_, index) => {
      const userId = newId();
      const expired = index % 10 === 0;
      const spent = index % 10 === 5;
      const paused = spent || (!expired && index % 7 === 0);
      if (!expired && !spent) told.add(userId);
      return {
        user: {
          id: userId,
          username: `bulk_${userId}`,
          username_lower: `bulk_${userId}`.toLowerCase(),
          email: null,
          email_lower: null,
          password_hash: 'not-a-hash',
          role: 'client' as const,
          status: 'active' as const,
          email_verified_at: now,
          created_at: now,
        },
        subscription: {
          id: newId(),
          user_id: userId,
          product_id: productId,
          status: paused ? ('paused' as const) : ('active' as const),
          expires_at: paused ? null : expired ? now - 1 : now + 30 * DAY,
          paused_remaining_ms: paused ? (spent ? 0 : 3 * DAY) : null,
          paused_by: paused ? ('user' as const) : null,
          created_at: now,
          updated_at: now,
        },
      };
    });
    for (let start = 0; start < rows.length; start += 200) {
      const batch = rows.slice(start, start + 200);
      await t.database.db
        .insertInto('users')
        .values(batch.map((row) => row.user))
        .execute();
      await t.database.db
        .insertInto('subscriptions')
        .values(batch.map((row) => row.subscription))
        .execute();
    }
    return told;
  }

  interface Run {
    queries: readonly CompiledQuery[];
    options: RunOptions | undefined;
    inserted: number;
  }

  async function productStatusLines(idPrefix: string): Promise<{ user_id: string }[]> {
    return t.database.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'product_status')
      .where('id', 'like', `${idPrefix}%`)
      .execute();
  }

  /**
   * The app's own background runner (the SQLite worker, PostgreSQL's pool), noting each call's
   * statements and the lines they added; after `crashAfter` calls it fails, as a process
   * killed mid-delivery would.
   */
  function recordingRunner(runs: Run[], idPrefix: string, crashAfter = Infinity): RunQueries {
    return async (queries, options) => {
      if (runs.length >= crashAfter) throw new Error('killed mid-delivery');
      const before = (await productStatusLines(idPrefix)).length;
      const ran = await t.database.runInBackground(queries, options);
      runs.push({
        queries,
        options,
        inserted: (await productStatusLines(idPrefix)).length - before,
      });
      return ran;
    };
  }

  it('tells each subscriber once, in bounded statements, however often the delivery runs', async () => {
    const product = await t.fixtures.product({ name: 'Rust Externo' });
    const told = await manySubscribers(product.id, SUBSCRIPTIONS);
    const other = await t.fixtures.product({ name: 'Outro Produto' });
    await manySubscribers(other.id, 50);
    const event: DomainEvent<'product.status_changed'> = {
      id: newId(),
      type: 'product.status_changed',
      occurredAt: t.clock.now(),
      payload: {
        productId: product.id,
        productName: product.name,
        status: 'unavailable',
        previousStatus: 'operational',
        note: 'Servidor do jogo fora do ar',
        timeFrozen: true,
        previousTimeFrozen: false,
        since: t.clock.now(),
        subscriptionsAffected: told.size,
        givenBackMs: 0,
        changedBy: null,
        reason: null,
      },
    };
    const { idPrefix } = productStatusNotices(event, t.clock.now());
    const bellDelivery = (runInBackground: RunQueries) => {
      const [handler] = createProductStatusNotices({
        clock: t.clock,
        runInBackground,
        repository: createNotificationsRepository(t.database.db, t.database.backgroundReads),
        mails: { noteChange: () => Promise.resolve() },
        chunkSize: CHUNK,
      });
      if (handler?.name !== 'notifications.product-status' || !handler.deliver) {
        throw new Error('the bell is a deliver handler');
      }
      return (handler.deliver as (event: DomainEvent) => Promise<void>)(event);
    };
    const ranges = Math.floor(SUBSCRIPTIONS / CHUNK) + 1;

    // Killed after three ranges: what they wrote stays, nothing else.
    const crashed: Run[] = [];
    await expect(bellDelivery(recordingRunner(crashed, idPrefix, 3))).rejects.toThrow(
      'killed mid-delivery',
    );
    expect(crashed).toHaveLength(3);
    const afterCrash = (await productStatusLines(idPrefix)).length;
    expect(afterCrash).toBe(crashed.reduce((sum, run) => sum + run.inserted, 0));
    expect(afterCrash).toBeGreaterThan(0);
    expect(afterCrash).toBeLessThan(told.size);

    // The retry: one statement per range of at most CHUNK subscriptions, the rest written.
    const retried: Run[] = [];
    await bellDelivery(recordingRunner(retried, idPrefix));
    expect(retried).toHaveLength(ranges);
    for (const run of retried) {
      expect(run.queries).toHaveLength(1);
      // Its WAL pages synced by the worker, not by the main connection's next commit.
      expect(run.options).toEqual({ syncWal: true });
      expect(run.queries[0]?.sql).toMatch(/^insert into "notifications" .* select /is);
      expect(run.inserted).toBeLessThanOrEqual(CHUNK);
    }
    expect(retried.slice(0, 3).every((run) => run.inserted === 0)).toBe(true);
    const lines = await productStatusLines(idPrefix);
    expect(lines).toHaveLength(told.size);
    expect(new Set(lines.map((line) => line.user_id))).toEqual(told);

    // Once more (a lease that ran out, a requeued dead delivery): nothing added.
    const again: Run[] = [];
    await bellDelivery(recordingRunner(again, idPrefix));
    expect(again).toHaveLength(ranges);
    expect(again.every((run) => run.inserted === 0)).toBe(true);
    expect(await productStatusLines(idPrefix)).toHaveLength(told.size);
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
