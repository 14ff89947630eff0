import { BULK_MAX, tableMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// The key table: sorts, product + status filters, bulk ban/delete and exports.
let t: TestApp;
let admin: TestUser;
let client: TestUser;
let reseller: TestUser;
let zeta: { id: string; name: string };
let alpha: { id: string; name: string };
let mid: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'gerente_chaves' });
  client = await t.createUser({ username: 'comprador' });
  reseller = await t.createUser({ role: 'reseller', username: 'revenda_chaves' });
  zeta = await t.fixtures.product({ name: 'Zeta' });
  alpha = await t.fixtures.product({ name: 'Alpha' });
  mid = await t.fixtures.product({ name: 'Meio' });
});
afterAll(() => t.close());

interface Page {
  items: { id: string; key: string; product: string; status: string }[];
  total: number;
}

async function activityTypes(target: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('activity')
    .select('type')
    .where('target', '=', target)
    .execute();
  return rows.map((row) => row.type);
}

async function storedStatus(id: string): Promise<string | undefined> {
  const row = await t.database.db
    .selectFrom('license_keys')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status;
}

describe('GET /api/keys sorted and filtered', () => {
  it('sorts by product name (then newest first) across pages, and by status', async () => {
    const made: Record<string, string[]> = { Zeta: [], Alpha: [], Meio: [] };
    for (let index = 0; index < 3; index += 1) {
      for (const product of [zeta, alpha, mid]) {
        t.clock.advance(1_000);
        const key = await t.fixtures.key(product.id, { key: `SORT${product.name}${index}` });
        made[product.name]!.push(key.key);
      }
    }
    const newestFirst = (name: string) => [...made[name]!].reverse();
    const keysOf = async (query: string) =>
      (await t.as(admin).get(`/api/keys?q=SORT&${query}`)).json<Page>();
    const pages: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const response = await keysOf(`sort=product:asc&pageSize=2&page=${page}`);
      expect(response.total).toBe(9);
      pages.push(...response.items.map((row) => row.key));
    }
    expect(pages).toEqual([
      ...newestFirst('Alpha'),
      ...newestFirst('Meio'),
      ...newestFirst('Zeta'),
    ]);
    const descending = await keysOf('sort=product:desc&pageSize=4');
    expect(descending.items.map((row) => row.key)).toEqual([
      ...newestFirst('Zeta'),
      newestFirst('Meio')[0],
    ]);

    // Ban one; status ascending puts active first, descending banned first.
    const banned = (await keysOf('sort=created_at:asc')).items[0]!;
    await t.as(admin).post('/api/keys/bulk', { action: 'ban', ids: [banned.id] });
    expect((await keysOf('sort=status:asc')).items.at(-1)!.id).toBe(banned.id);
    expect((await keysOf('sort=status:desc')).items[0]!.id).toBe(banned.id);
    expect((await keysOf('sort=created_at:asc')).items[0]!.key).toBe(made.Zeta![0]);

    // Product and status filters with a sort.
    const activeAlpha = await keysOf(`productId=${alpha.id}&status=active&sort=status:asc`);
    expect(
      activeAlpha.items.every((row) => row.product === 'Alpha' && row.status === 'active'),
    ).toBe(true);
    expect(activeAlpha.total).toBe(made.Alpha!.includes(banned.key) ? 2 : 3);
  });

  it('refuses an unknown sort in pt-BR', async () => {
    const response = await t.as(admin).get('/api/keys?sort=key:asc');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(tableMessages.sortInvalid);
  });
});

describe('POST /api/keys/bulk', () => {
  it('bans unused keys, skips used ones, one activity row per key changed', async () => {
    const unused = await t.fixtures.key(mid.id, { key: 'BULKBAN1' });
    const unused2 = await t.fixtures.key(mid.id, { key: 'BULKBAN2' });
    const used = await t.fixtures.key(mid.id, {
      key: 'BULKBAN3',
      status: 'used',
      redeemedBy: client.id,
    });
    const response = await t.as(admin).post('/api/keys/bulk', {
      action: 'ban',
      ids: [unused.id, unused2.id, used.id, 'gone'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: tableMessages.keysDone('ban', 2, 1),
      count: 2,
      skipped: 1,
    });
    expect(response.json<{ message: string }>().message).toMatch(/^2 chaves banidas; 1 ignorada/);
    expect(await storedStatus(unused.id)).toBe('banned');
    expect(await storedStatus(used.id)).toBe('used');
    expect(await activityTypes(`key:${unused.id}`)).toEqual(['key.banned']);
    expect(await activityTypes(`key:${used.id}`)).toEqual([]);
  });

  it('deletes all keys matching the filters, and each key once under concurrent duplicates', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      ids.push((await t.fixtures.key(zeta.id, { key: `BULKDEL${index}` })).id);
    }
    const [byIds, byFilter] = await Promise.all([
      t.as(admin).post('/api/keys/bulk', { action: 'delete', ids }),
      t.as(admin).post('/api/keys/bulk', {
        action: 'delete',
        filter: { q: 'BULKDEL', productId: zeta.id, status: 'active' },
      }),
    ]);
    expect(byIds.statusCode).toBe(200);
    expect(byFilter.statusCode).toBe(200);
    const counts = [byIds, byFilter].map((response) => response.json<{ count: number }>().count);
    expect(counts[0]! + counts[1]!).toBe(4);
    for (const id of ids) {
      expect(await storedStatus(id)).toBeUndefined();
      expect(await activityTypes(`key:${id}`)).toEqual(['key.deleted']);
    }
  });

  it('bans each key once under two concurrent bulk bans', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await t.fixtures.key(alpha.id, { key: `BULKRACE${index}` })).id);
    }
    const responses = await Promise.all([
      t.as(admin).post('/api/keys/bulk', { action: 'ban', ids }),
      t.as(admin).post('/api/keys/bulk', { action: 'ban', ids: [...ids].reverse() }),
    ]);
    const total = responses.reduce(
      (sum, response) => sum + response.json<{ count: number }>().count,
      0,
    );
    expect(total).toBe(3);
    for (const id of ids) expect(await activityTypes(`key:${id}`)).toEqual(['key.banned']);
  });

  it('refuses bad bodies in pt-BR and "all matching" over the cap with a 422', async () => {
    const cases: [object, string][] = [
      [{ action: 'unban', ids: ['x'] }, tableMessages.bulkActionInvalid],
      [
        { action: 'ban', ids: Array.from({ length: BULK_MAX + 1 }, (_, i) => `k${i}`) },
        tableMessages.bulkTooManyIds,
      ],
      [{ action: 'delete' }, tableMessages.bulkSelectionRequired],
      [{ action: 'ban', filter: { status: 'sumida' } }, tableMessages.statusInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await t.as(admin).post('/api/keys/bulk', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const many = await t.as(admin).post('/api/keys', {
      productId: mid.id,
      days: 1,
      quantity: 1000,
    });
    expect(many.statusCode).toBe(201);
    const refused = await t.as(admin).post('/api/keys/bulk', {
      action: 'delete',
      filter: { productId: mid.id },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain(
      'chaves; o máximo por ação em massa é 1.000',
    );
  });
});

describe('GET /api/keys/export.csv', () => {
  it('exports the selected ids', async () => {
    const one = await t.fixtures.key(alpha.id, { key: 'EXPSEL1' });
    const two = await t.fixtures.key(alpha.id, { key: '=EXPSEL2' });
    const response = await t.as(admin).get(`/api/keys/export.csv?ids=${one.id},${two.id}`);
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(["'=EXPSEL2", 'EXPSEL1']);
  });
});

describe('authorization', () => {
  it('answers 401 without a token and 403 to clients and resellers', async () => {
    const requests: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', '/api/keys?sort=product:asc'],
      ['POST', '/api/keys/bulk', { action: 'delete', filter: {} }],
      ['GET', '/api/resellers?sort=balance:desc'],
      ['GET', '/api/admin/deposits/export.csv'],
    ];
    for (const [method, url, payload] of requests) {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      for (const user of [client, reseller]) {
        expect((await t.as(user).request(method, url, payload)).statusCode).toBe(403);
      }
    }
    expect(
      await t.database.db.selectFrom('license_keys').select('id').limit(1).execute(),
    ).toHaveLength(1);
  });
});

describe('resellers by balance and the deposits CSV', () => {
  it('sorts resellers by balance both ways', async () => {
    const low = await t.createResellerViaAdmin(admin.headers, 5);
    const high = await t.createResellerViaAdmin(admin.headers, 50);
    const order = async (sort: string) =>
      (await t.as(admin).get(`/api/resellers?sort=${sort}&pageSize=100`))
        .json<{ items: { id: string }[] }>()
        .items.map((row) => row.id)
        .filter((id) => id === low.id || id === high.id);
    expect(await order('balance:desc')).toEqual([high.id, low.id]);
    expect(await order('balance:asc')).toEqual([low.id, high.id]);
  });

  it('exports the admin deposits matching the filters', async () => {
    const now = t.clock.now();
    await t.database.db
      .insertInto('deposits')
      .values({
        id: 'dep-csv-1',
        user_id: client.id,
        amount_cents: 1550,
        method: 'pix',
        reference: 'CSVREF01',
        status: 'pending',
        gateway: 'manual',
        created_at: now,
        decided_by: null,
        decided_at: null,
        reject_reason: null,
      } as never)
      .execute();
    const response = await t
      .as(admin)
      .get('/api/admin/deposits/export.csv?status=pending&q=comprador');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('depositos.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'referencia,usuario,email,valor,status,gateway,criado_em,decidido_em,decidido_por',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^CSVREF01,comprador,.*,15\.50,pending,manual,/),
    ]);
    const none = await t
      .as(admin)
      .get('/api/admin/deposits/export.csv?status=approved&q=comprador');
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    const bad = await t.as(admin).get('/api/admin/deposits/export.csv?status=talvez');
    expect(bad.statusCode).toBe(400);
  });
});
