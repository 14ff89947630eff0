import type { KeyStatus } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/database.js';
import { newId } from '../../platform/core/ids.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// Deep pages of the key table seek to page anchors: every page, sort and filter must still be
// exactly what a plain ORDER BY … LIMIT/OFFSET returns, writes between two reads included.
let t: TestApp;
let admin: TestUser;
let client: TestUser;
let products: { id: string; name: string }[];
const PAGE_SIZE = 100;
/** Past two anchors (one every 1000 rows). */
const KEYS = 2_400;
const STATUSES: KeyStatus[] = ['active', 'active', 'used', 'banned', 'expired'];

type Field = 'created_at' | 'status' | 'product';
interface Filters {
  productId?: string;
  status?: KeyStatus;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_chaves_fundo' });
  client = await t.createUser({ username: 'cliente_chaves_fundo' });
  products = [
    await t.fixtures.product({ name: 'Meio' }),
    await t.fixtures.product({ name: 'Alfa' }),
    await t.fixtures.product({ name: 'Zeta' }),
  ];
  const base = t.clock.now();
  // Creation times repeat (every 300 keys share one), so `id` must break the ties.
  await withTransaction(t.database.db, (trx) =>
    t.app.services.keyRows.insertImported(
      trx,
      Array.from({ length: KEYS }, (_, index) => {
        const status = STATUSES[index % STATUSES.length]!;
        return {
          id: newId(),
          key: `FUNDO${String(index).padStart(6, '0')}`,
          productId: products[(index * 7) % products.length]!.id,
          durationDays: 30,
          status,
          createdBy: admin.id,
          redeemedBy: status === 'used' ? client.id : null,
          redeemedAt: status === 'used' ? base : null,
          createdAt: base - (index % 300) * 1_000,
        };
      }),
    ),
  );
});
afterAll(() => t.close());

/** What a plain ORDER BY … LIMIT/OFFSET answers, and the plain count. */
async function expected(filters: Filters, field: Field, dir: 'asc' | 'desc', page: number) {
  const now = t.clock.now();
  let query = t.database.db
    .selectFrom('license_keys as k')
    .innerJoin('products as p', 'p.id', 'k.product_id');
  if (filters.productId) query = query.where('k.product_id', '=', filters.productId);
  if (filters.status === 'banned') query = query.where('k.status', '=', 'banned');
  if (filters.status === 'used') {
    query = query
      .where('k.status', '=', 'used')
      .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now)]));
  }
  let ordered = query.select('k.id');
  if (field === 'product') {
    ordered = ordered
      .orderBy('p.name', dir)
      .orderBy('p.id', dir)
      .orderBy('k.created_at', 'desc')
      .orderBy('k.id', 'desc');
  } else {
    if (field === 'status') ordered = ordered.orderBy('k.status', dir);
    ordered = ordered.orderBy('k.created_at', dir).orderBy('k.id', dir);
  }
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
  const response = await t.as(admin).get(`/api/keys?${params.toString()}`);
  expect(response.statusCode).toBe(200);
  const body = response.json<{ items: { id: string }[]; total: number }>();
  return { ids: body.items.map((item) => item.id), total: body.total };
}

async function expectPlain(filters: Filters, field: Field, dir: 'asc' | 'desc', page: number) {
  expect(await served(filters, field, dir, page)).toEqual(
    await expected(filters, field, dir, page),
  );
}

const filterSets = (): Filters[] => [
  {},
  { productId: products[0]!.id },
  { status: 'banned' },
  { status: 'used' },
];
// Page 1, pages just before and after anchors, and the pages past the end.
const PAGES = [1, 10, 11, 12, 20, 21, 24, 25, 40];

describe('GET /api/keys deep pages', () => {
  it('answers every sort, direction and filter exactly as a plain OFFSET', async () => {
    for (const field of ['created_at', 'status', 'product'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const filters of filterSets()) {
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
      for (const field of ['created_at', 'status', 'product'] as const) {
        for (const filters of filterSets()) await expectPlain(filters, field, 'desc', 12);
      }
    };
    await reads();
    const pick = async (offset: number, status: KeyStatus) => {
      const row = await t.database.db
        .selectFrom('license_keys')
        .select('id')
        .where('status', '=', status)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(1)
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const { keyRows } = t.app.services;
    const now = t.clock.now();

    // A key made, sorting before the anchors.
    const made = await keyRows.insertNew([
      {
        id: newId(),
        key: 'FUNDONOVA01',
        productId: products[0]!.id,
        durationDays: 7,
        createdBy: admin.id,
        createdAt: now - 150_000,
        redeemBy: null,
      },
    ]);
    expect(made.size).toBe(1);
    await reads();
    // Deleted, banned, unbanned, redeemed.
    expect(await keyRows.delete(await pick(3, 'active'))).toBe(true);
    await reads();
    expect(await keyRows.ban(await pick(5, 'active'), admin.id)).toBe(true);
    await reads();
    expect(await keyRows.unban(await pick(7, 'banned'))).toBe(true);
    await reads();
    expect(await keyRows.markRedeemed(await pick(9, 'active'), client.id, now)).toBe(true);
    await reads();
    // Through the admin's own route, as the screen does.
    const target = await pick(11, 'active');
    const banned = await t.as(admin).post('/api/keys/bulk', { action: 'ban', ids: [target] });
    expect(banned.statusCode).toBe(200);
    await reads();
    // A write in a transaction shows once it commits.
    const [toBan, toDelete] = [await pick(13, 'active'), await pick(15, 'active')];
    await withTransaction(t.database.db, async (trx) => {
      await keyRows.ban(toBan, admin.id, trx);
      await keyRows.delete(toDelete, trx);
    });
    await reads();
  }, 60_000);
});
