import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/database.js';
import { newId } from '../../platform/core/ids.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// Deep pages of the user table seek to page anchors and its totals are cached: every page, sort
// and filter must still be exactly what a plain ORDER BY … LIMIT/OFFSET returns, writes between
// two reads included.
let t: TestApp;
let admin: TestUser;
const PAGE_SIZE = 100;
/** Past two anchors (one every 1000 rows). */
const USERS = 2_300;

const SORT_COLUMNS = {
  created_at: ['created_at', 'id'],
  username: ['username_lower', 'id'],
  balance: ['balance_cents', 'id'],
  status: ['status', 'created_at', 'id'],
} as const;
type Field = keyof typeof SORT_COLUMNS;
interface Filters {
  role?: 'admin' | 'reseller' | 'client';
  status?: 'active' | 'banned';
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_paginas' });
  const base = t.clock.now();
  // Creation times repeat (every 400 users share one), so `id` must break the ties.
  await withTransaction(t.database.db, (trx) =>
    t.app.services.users.insertImported(
      Array.from({ length: USERS }, (_, index) => ({
        id: newId(),
        username: `pag_${String((index * 7919) % USERS).padStart(5, '0')}`,
        passwordHash: 'x',
        status: index % 7 === 0 ? ('banned' as const) : ('active' as const),
        createdAt: base - (index % 400) * 1_000,
      })),
      trx,
    ),
  );
  const ids = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', 'like', 'pag_%')
    .orderBy('id')
    .execute();
  await withTransaction(t.database.db, async (trx) => {
    for (const [index, { id }] of ids.entries()) {
      if (index % 3 === 0) await t.app.services.userBalances.add(id, (index % 11) * 100, trx);
    }
  });
  for (const { id } of ids.filter((_, index) => index % 50 === 1)) {
    await t.app.services.userAdmin.changeRole(id, 'client', 'reseller');
  }
}, 60_000);
afterAll(() => t.close());

/** What a plain ORDER BY … LIMIT/OFFSET answers, and the plain count. */
async function expected(filters: Filters, field: Field, dir: 'asc' | 'desc', page: number) {
  let query = t.database.db.selectFrom('users');
  if (filters.role) query = query.where('role', '=', filters.role);
  if (filters.status) query = query.where('status', '=', filters.status);
  let ordered = query.select('id');
  for (const column of SORT_COLUMNS[field]) ordered = ordered.orderBy(column, dir);
  const rows = await ordered
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  const count = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ids: rows.map((row) => row.id), total: Number(count.n) };
}

async function served(filters: Filters, field: Field, dir: 'asc' | 'desc', page: number) {
  const params = new URLSearchParams({
    sort: `${field}:${dir}`,
    page: String(page),
    pageSize: String(PAGE_SIZE),
    ...filters,
  });
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/users?${params.toString()}`,
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ items: { id: string }[]; total: number }>();
  return { ids: body.items.map((item) => item.id), total: body.total };
}

async function expectPlain(filters: Filters, field: Field, dir: 'asc' | 'desc', page: number) {
  expect(await served(filters, field, dir, page)).toEqual(
    await expected(filters, field, dir, page),
  );
}

const FILTERS: Filters[] = [{}, { role: 'client', status: 'active' }, { status: 'banned' }];
// Page 1, pages just before and after anchors, and the pages past the end.
const PAGES = [1, 10, 11, 12, 20, 21, 23, 24, 40];

describe('GET /api/users deep pages', () => {
  it('answers every sort, direction and filter exactly as a plain OFFSET', async () => {
    for (const field of Object.keys(SORT_COLUMNS) as Field[]) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const filters of FILTERS) {
          for (const page of PAGES) {
            // Twice: the second read is served from the anchors and totals the first cached.
            await expectPlain(filters, field, dir, page);
            await expectPlain(filters, field, dir, page);
          }
        }
      }
    }
  }, 120_000);

  it('never serves a stale page or total after a write between two reads', async () => {
    const reads = async () => {
      for (const field of Object.keys(SORT_COLUMNS) as Field[]) {
        for (const filters of FILTERS) await expectPlain(filters, field, 'desc', 12);
      }
    };
    await reads();
    const pick = async (offset: number) => {
      const row = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('username', 'like', 'pag_%')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(1)
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const { users, userAdmin, userBalances } = t.app.services;

    // An account made, sorting before the anchors.
    await users.insertClient({
      id: newId(),
      username: 'pag_novo',
      email: 'pag_novo@example.com',
      password_hash: 'x',
      email_verified_at: t.clock.now(),
      created_at: t.clock.now() - 150_000,
      credential_key_id: null,
    });
    await reads();
    // Deleted, banned, unbanned, made a reseller, renamed, paid.
    expect(await userAdmin.delete(await pick(5))).toBe(true);
    await reads();
    expect(await userAdmin.setStatus(await pick(10), 'banned')).toBe(true);
    await reads();
    expect(await userAdmin.setStatus(await pick(14), 'active')).toBe(true);
    await reads();
    expect(await userAdmin.changeRole(await pick(20), 'client', 'reseller')).toBeDefined();
    await reads();
    await userAdmin.updateAccount(await pick(30), { username: 'aaa_renomeado' });
    await reads();
    expect(await userBalances.add(await pick(40), 99_900)).toBeDefined();
    await reads();
    // Through the admin's own route, as the screen does.
    const target = await pick(50);
    const banned = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${target}/status`,
      headers: admin.headers,
      payload: { status: 'banned' },
    });
    expect(banned.statusCode).toBe(200);
    await reads();
    // A write in a transaction shows once it commits.
    const [toBan, toPay] = [await pick(60), await pick(70)];
    await t.app.outbox.transaction(async (trx) => {
      await userAdmin.setStatus(toBan, 'banned', trx);
      await userBalances.add(toPay, 12_300, trx);
    });
    await reads();
  }, 60_000);
});
