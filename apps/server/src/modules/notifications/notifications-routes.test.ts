import { NOTIFICATION_LIMITS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { withTransaction } from '../../platform/db/database.js';
import { createNotificationsRepository } from './notifications-repository.js';
import { createNotificationsService } from './notifications-service.js';

const text = messages.notifications;
const HOUR = 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Page {
  items: { id: string; title: string; read: boolean; link: string | null; kind: string }[];
  total: number;
  page: number;
  pageSize: number;
  unreadCount: number;
}

async function inbox(user: TestUser, query = ''): Promise<Page> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
}

function markRead(user: TestUser, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: user.headers,
    payload,
  });
}

/** Queues `count` notifications for `user`, one second apart (the last is the newest). */
async function notifyMany(user: TestUser, count: number): Promise<void> {
  const service = createNotificationsService({
    db: t.database.db,
    clock: t.clock,
    repository: createNotificationsRepository(t.database.db, t.database.backgroundReads),
  });
  for (let i = 1; i <= count; i++) {
    t.clock.advance(1000);
    await withTransaction(t.database.db, (trx) =>
      service.notify(trx, {
        userId: user.id,
        kind: 'deposit_approved',
        title: `Aviso ${String(i)}`,
        body: 'corpo',
        link: '/dashboard',
      }),
    );
  }
}

describe('GET /api/notifications', () => {
  it('pages the caller’s own notifications, newest first, with the unread count', async () => {
    const ana = await t.createUser();
    const beto = await t.createUser();
    await notifyMany(ana, 3);
    await notifyMany(beto, 1);

    const first = await inbox(ana, '?pageSize=2');
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2, unreadCount: 3 });
    expect(first.items.map((item) => item.title)).toEqual(['Aviso 3', 'Aviso 2']);
    expect(first.items[0]).toMatchObject({
      read: false,
      link: '/dashboard',
      kind: 'deposit_approved',
    });
    const second = await inbox(ana, '?pageSize=2&page=2');
    expect(second.items.map((item) => item.title)).toEqual(['Aviso 1']);
    expect(await inbox(beto)).toMatchObject({ total: 1, unreadCount: 1 });
  });

  it('serves admins and resellers too, and nobody without a session (401)', async () => {
    for (const role of ['admin', 'reseller'] as const) {
      const user = await t.createUser({ role });
      expect(await inbox(user)).toMatchObject({ items: [], total: 0, unreadCount: 0 });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousRead = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { all: true },
    });
    expect(anonymousRead.statusCode).toBe(401);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks one notification read, then all of them', async () => {
    const user = await t.createUser();
    await notifyMany(user, 3);
    const [newest] = (await inbox(user)).items;

    const one = await markRead(user, { ids: [newest?.id] });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ message: text.markedRead, unreadCount: 2 });
    const after = await inbox(user);
    expect(after.items.map((item) => item.read)).toEqual([true, false, false]);

    const all = await markRead(user, { all: true });
    expect(all.json()).toEqual({ message: text.markedRead, unreadCount: 0 });
    expect((await inbox(user)).items.every((item) => item.read)).toBe(true);
    // Marking again changes nothing and still answers.
    expect((await markRead(user, { all: true })).json()).toMatchObject({ unreadCount: 0 });
  });

  it('never touches another user’s notifications, by id or with all', async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser();
    await notifyMany(owner, 2);
    const ids = (await inbox(owner)).items.map((item) => item.id);

    const byId = await markRead(intruder, { ids });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ unreadCount: 0 });
    await markRead(intruder, { all: true });
    expect(await inbox(owner)).toMatchObject({ unreadCount: 2 });
  });

  const tooMany = Array.from(
    { length: NOTIFICATION_LIMITS.markReadIdsMax + 1 },
    (_, i) => `n${String(i)}`,
  );
  it.each([
    ['an empty body', {}, text.readBodyInvalid],
    ['an empty id list', { ids: [] }, 'Deve ter no mínimo 1 item.'],
    ['all: false', { all: false }, text.readBodyInvalid],
    ['ids and all together', { ids: ['a'], all: true }, text.readBodyInvalid],
    ['ids that are not a list', { ids: 'a' }, text.readBodyInvalid],
    ['more than 100 ids', { ids: tooMany }, text.readBodyInvalid],
    ['an unknown field', { all: true, user_id: 'x' }, 'Campo não permitido: user_id.'],
  ])('refuses %s in pt-BR', async (_case, payload, message) => {
    const user = await t.createUser();
    const response = await markRead(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });
});

describe('subscription expiry reminders', () => {
  async function expiringNotices(userId: string) {
    return t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'subscription_expiring')
      .execute();
  }

  it('notifies the owner of a subscription expiring within 3 days, once', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product({ name: 'Aimbot Pro' });
    const now = t.clock.now();
    // 2026-01-17 15:00 UTC is 12:00 in São Paulo.
    const sub = await t.fixtures.subscription(user.id, product.id, {
      expiresAt: now + 2 * DAY + 3 * HOUR,
    });

    await t.app.jobs.expiryReminders.runOnce();
    await t.app.jobs.expiryReminders.runOnce();
    const notices = await expiringNotices(user.id);
    expect(notices).toEqual([
      expect.objectContaining({
        title: text.expiringTitle,
        body: text.expiringBody('Aimbot Pro', '17/01/2026'),
        link: `/dashboard?renovar=${sub.id}`,
        dedupe_key: `expiring:${sub.id}:${String(now + 2 * DAY + 3 * HOUR)}`,
        read_at: null,
      }),
    ]);
    const { items } = await inbox(user);
    expect(items[0]).toMatchObject({ kind: 'subscription_expiring', title: text.expiringTitle });
  });

  it('skips paused, expired and far subscriptions, and notifies again after a renewal', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    const now = t.clock.now();
    await t.fixtures.subscription(user.id, (await t.fixtures.product()).id, {
      status: 'paused',
      pausedRemainingMs: DAY,
    });
    await t.fixtures.subscription(user.id, (await t.fixtures.product()).id, {
      expiresAt: now - HOUR,
    });
    await t.fixtures.subscription(user.id, (await t.fixtures.product()).id, {
      expiresAt: now + 3 * DAY + HOUR,
    });
    await t.app.jobs.expiryReminders.runOnce();
    expect(await expiringNotices(user.id)).toEqual([]);

    // The far one comes within 3 days as time passes.
    t.clock.advance(2 * HOUR);
    await t.app.jobs.expiryReminders.runOnce();
    expect(await expiringNotices(user.id)).toHaveLength(1);

    // A renewed subscription that nears its new expiry is a new reminder.
    const renewed = await t.fixtures.subscription(user.id, product.id, {
      expiresAt: t.clock.now() + DAY,
    });
    await t.app.jobs.expiryReminders.runOnce();
    expect(await expiringNotices(user.id)).toHaveLength(2);
    await t.database.db
      .updateTable('subscriptions')
      .set({ expires_at: t.clock.now() + 2 * DAY })
      .where('id', '=', renewed.id)
      .execute();
    await t.app.jobs.expiryReminders.runOnce();
    await t.app.jobs.expiryReminders.runOnce();
    expect(await expiringNotices(user.id)).toHaveLength(3);
  });

  it('notifies every due subscription across batches, each once, even when runs overlap', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => t.createUser()));
    const now = t.clock.now();
    const count = 1200;
    const products = Array.from({ length: count }, (_, i) => ({
      id: `lote-p-${String(i)}`,
      name: `Lote ${String(i)}`,
      description: '',
      status: 'active' as const,
      file_sha256: null,
      file_name: null,
      file_size: null,
      file_uploaded_at: null,
      created_at: now,
      updated_at: now,
    }));
    // Several share one expiry, so the batches' (expires_at, id) cursor must break ties by id.
    const subscriptions = products.map((product, i) => ({
      id: `lote-s-${String(i).padStart(4, '0')}`,
      user_id: users[i % 3]?.id ?? '',
      product_id: product.id,
      status: 'active' as const,
      expires_at: now + DAY + (i % 7) * 1000,
      paused_remaining_ms: null,
      paused_by: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < count; i += 200) {
      await t.database.db
        .insertInto('products')
        .values(products.slice(i, i + 200))
        .execute();
      await t.database.db
        .insertInto('subscriptions')
        .values(subscriptions.slice(i, i + 200))
        .execute();
    }

    await Promise.all([t.app.jobs.expiryReminders.runOnce(), t.app.jobs.expiryReminders.runOnce()]);
    const notices = await Promise.all(users.map((user) => expiringNotices(user.id)));
    expect(notices.map((list) => list.length)).toEqual([400, 400, 400]);
  });
});
