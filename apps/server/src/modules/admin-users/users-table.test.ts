import { BULK_MAX, messages, tableMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

// The user table: sorts, role/status filters, bulk actions and the CSV export.
let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let client: TestUser;
let reseller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_tabela' });
  t.clock.advance(1_000);
  otherAdmin = await t.createUser({ role: 'admin', username: 'outro_admin' });
  t.clock.advance(1_000);
  client = await t.createUser({ username: 'cliente_comum' });
  t.clock.advance(1_000);
  reseller = await t.createUser({ role: 'reseller', username: 'revenda_um' });
});
afterAll(() => t.close());

interface Row {
  id: string;
  user: string;
  status: string;
  role: string;
  balance: number;
}
interface Page {
  items: Row[];
  total: number;
}

async function setBalance(userId: string, cents: number) {
  await t.database.db
    .updateTable('users')
    .set({ balance_cents: cents })
    .where('id', '=', userId)
    .execute();
}

async function tokenVersion(userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.token_version);
}

async function activityTypes(target: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('activity')
    .select('type')
    .where('target', '=', target)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.type);
}

/** Three clients of their own (prefix `tab_<tag>_`), with balances 30, 10, 20 reais. */
async function threeClients(tag: string) {
  const made: TestUser[] = [];
  for (const [name, cents] of [
    ['b', 3000],
    ['c', 1000],
    ['a', 2000],
  ] as const) {
    t.clock.advance(1_000);
    const user = await t.createUser({ username: `tab_${tag}_${name}` });
    await setBalance(user.id, cents);
    made.push(user);
  }
  return made;
}

describe('GET /api/users sorted and filtered', () => {
  it('sorts by username, balance, status and creation, both ways', async () => {
    const [b, c, a] = await threeClients('sort');
    await t.database.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', c!.id)
      .execute();
    const names = async (sort: string) => {
      const response = await t.as(admin).get(`/api/users?q=tab_sort_&sort=${sort}`);
      expect(response.statusCode).toBe(200);
      return response.json<Page>().items.map((row) => row.user);
    };
    expect(await names('username:asc')).toEqual(['tab_sort_a', 'tab_sort_b', 'tab_sort_c']);
    expect(await names('username:desc')).toEqual(['tab_sort_c', 'tab_sort_b', 'tab_sort_a']);
    expect(await names('balance:desc')).toEqual(['tab_sort_b', 'tab_sort_a', 'tab_sort_c']);
    expect(await names('balance:asc')).toEqual(['tab_sort_c', 'tab_sort_a', 'tab_sort_b']);
    expect(await names('created_at:asc')).toEqual(['tab_sort_b', 'tab_sort_c', 'tab_sort_a']);
    expect(await names('created_at:desc')).toEqual(['tab_sort_a', 'tab_sort_c', 'tab_sort_b']);
    // Active before banned ascending, newest first inside a status when descending.
    expect(await names('status:asc')).toEqual(['tab_sort_b', 'tab_sort_a', 'tab_sort_c']);
    expect(await names('status:desc')).toEqual(['tab_sort_c', 'tab_sort_a', 'tab_sort_b']);
    // The default is newest first; balance travels in reais.
    const page = (await t.as(admin).get('/api/users?q=tab_sort_')).json<Page>();
    expect(page.items.map((row) => [row.user, row.balance])).toEqual([
      ['tab_sort_a', 20],
      ['tab_sort_c', 10],
      ['tab_sort_b', 30],
    ]);
    expect(a && b).toBeTruthy();
  });

  it('pages a sort with a stable order (ids break ties)', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page += 1) {
      const response = await t
        .as(admin)
        .get(`/api/users?sort=balance:desc&pageSize=2&page=${page}`);
      for (const row of response.json<Page>().items) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
      }
    }
    expect(seen.size).toBe(Math.min(8, (await t.as(admin).get('/api/users')).json<Page>().total));
  });

  it('filters by role and by status, and both', async () => {
    const roles = async (query: string) =>
      (await t.as(admin).get(`/api/users?pageSize=100&${query}`)).json<Page>();
    const admins = await roles('role=admin');
    expect(admins.items.map((row) => row.user).sort()).toEqual(['chefe_tabela', 'outro_admin']);
    expect(admins.total).toBe(2);
    expect((await roles('role=reseller')).items.map((row) => row.user)).toContain('revenda_um');
    expect((await roles('role=reseller')).items.every((row) => row.role === 'reseller')).toBe(true);
    const banned = await roles('status=banned');
    expect(banned.items.length).toBeGreaterThan(0);
    expect(banned.items.every((row) => row.status === 'banned')).toBe(true);
    const bannedClients = await roles('role=client&status=banned&sort=username:asc');
    expect(
      bannedClients.items.every((row) => row.role === 'client' && row.status === 'banned'),
    ).toBe(true);
    // `all` and blank mean no filter.
    expect((await roles('role=all&status=')).total).toBe((await roles('')).total);
  });

  it('refuses an unknown sort or filter with a pt-BR 400', async () => {
    for (const query of ['sort=email:asc', 'sort=balance', 'role=root', 'status=gone']) {
      const response = await t.as(admin).get(`/api/users?${query}`);
      expect(response.statusCode).toBe(400);
      expect(Object.values(tableMessages)).toContain(response.json<{ message: string }>().message);
    }
  });
});

describe('POST /api/users/bulk', () => {
  it('bans the selected users in one go, one activity row each, ending their sessions', async () => {
    const users = await threeClients('ban');
    const before = await Promise.all(users.map((user) => tokenVersion(user.id)));
    const response = await t.as(admin).post('/api/users/bulk', {
      action: 'ban',
      ids: users.map((user) => user.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: '3 usuários banidos.',
      count: 3,
      skipped: 0,
    });
    for (const [index, user] of users.entries()) {
      expect(await tokenVersion(user.id)).toBe(before[index]! + 1);
      expect(await activityTypes(`user:${user.id}`)).toEqual(['user.banned']);
    }
    // Banning again changes nothing and logs nothing.
    const again = await t.as(admin).post('/api/users/bulk', {
      action: 'ban',
      ids: users.map((user) => user.id),
    });
    expect(again.json()).toMatchObject({ count: 0, skipped: 0 });
    expect(await activityTypes(`user:${users[0]!.id}`)).toEqual(['user.banned']);

    const unban = await t.as(admin).post('/api/users/bulk', {
      action: 'unban',
      ids: users.map((user) => user.id),
    });
    expect(unban.json()).toEqual({ message: '3 usuários desbanidos.', count: 3, skipped: 0 });
    expect(await activityTypes(`user:${users[0]!.id}`)).toEqual(['user.banned', 'user.unbanned']);
  });

  it('skips admins and the caller, and says so', async () => {
    const [victim] = await threeClients('skip');
    const response = await t.as(admin).post('/api/users/bulk', {
      action: 'ban',
      ids: [victim!.id, admin.id, otherAdmin.id, 'nobody-with-this-id'],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; count: number; skipped: number }>();
    expect(body).toMatchObject({ count: 1, skipped: 2 });
    expect(body.message).toBe(tableMessages.usersDone('ban', 1, 2));
    expect(body.message).toContain('2 ignorados');
    expect(await activityTypes(`user:${admin.id}`)).toEqual([]);
    expect(await tokenVersion(otherAdmin.id)).toBe(0);
  });

  it('deletes every user matching the filters', async () => {
    await threeClients('del');
    const response = await t.as(admin).post('/api/users/bulk', {
      action: 'delete',
      filter: { q: 'tab_del_', role: 'client', status: 'all' },
    });
    expect(response.json()).toEqual({ message: '3 usuários excluídos.', count: 3, skipped: 0 });
    expect((await t.as(admin).get('/api/users?q=tab_del_')).json<Page>().total).toBe(0);
    const deleted = await t.database.db
      .selectFrom('activity')
      .select(['type', 'action'])
      .where('type', '=', 'user.deleted')
      .where('action', 'like', '%tab_del_%')
      .execute();
    expect(deleted).toHaveLength(3);
  });

  it('changes each user once under two concurrent bulk bans of the same users', async () => {
    const users = await threeClients('race');
    const ids = users.map((user) => user.id);
    const [first, second] = await Promise.all([
      t.as(admin).post('/api/users/bulk', { action: 'ban', ids }),
      t.as(admin).post('/api/users/bulk', { action: 'ban', filter: { q: 'tab_race_' } }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const counts = [first, second].map((response) => response.json<{ count: number }>().count);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
    for (const user of users) {
      expect(await activityTypes(`user:${user.id}`)).toEqual(['user.banned']);
      expect(await tokenVersion(user.id)).toBe(1);
    }
  });

  it('refuses a selection over the cap, an unknown action and malformed bodies in pt-BR', async () => {
    const tooMany = Array.from({ length: BULK_MAX + 1 }, (_, index) => `id-${index}`);
    const cases: [object, string][] = [
      [{ action: 'ban', ids: tooMany }, tableMessages.bulkTooManyIds],
      [{ action: 'explode', ids: [client.id] }, tableMessages.bulkActionInvalid],
      [{ action: 'ban' }, tableMessages.bulkSelectionRequired],
      [{ action: 'ban', ids: [client.id], filter: {} }, tableMessages.bulkSelectionRequired],
      [{ action: 'ban', ids: [] }, tableMessages.bulkIdsInvalid],
      [{ action: 'ban', ids: 'todos' }, tableMessages.bulkIdsInvalid],
      [{ action: 'ban', filter: { role: 'root' } }, tableMessages.roleInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await t.as(admin).post('/api/users/bulk', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const extra = await t
      .as(admin)
      .post('/api/users/bulk', { action: 'ban', ids: ['x'], force: true });
    expect(extra.statusCode).toBe(400);
    expect(await tokenVersion(client.id)).toBe(0);
  });

  it('refuses "all matching" over the cap with a 422 naming the count', async () => {
    const users = Array.from({ length: BULK_MAX + 1 }, (_, index) => ({
      id: `bulk-cap-${String(index).padStart(4, '0')}`,
      username: `cap_${index}`,
      username_lower: `cap_${index}`,
      email: `cap_${index}@example.com`,
      email_lower: `cap_${index}@example.com`,
      password_hash: 'x',
      role: 'client' as const,
      status: 'active' as const,
      email_verified_at: null,
      created_at: t.clock.now(),
    }));
    await t.database.db.insertInto('users').values(users).execute();
    const response = await t.as(admin).post('/api/users/bulk', {
      action: 'ban',
      filter: { q: 'cap_' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(
      tableMessages.bulkTooManyMatching(BULK_MAX + 1, 'users'),
    );
    expect(response.json<{ message: string }>().message).toContain('1.001 usuários');
    await t.database.db.deleteFrom('users').where('username_lower', 'like', 'cap_%').execute();
  });
});

describe('GET /api/users/export.csv', () => {
  it('exports the filtered list in its sort, or the selected ids, injection-safe', async () => {
    const [b, c] = await threeClients('csv');
    await setBalance(c!.id, 1234);
    const response = await t.as(admin).get('/api/users/export.csv?q=tab_csv_&sort=username:asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('usuarios.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('usuario,email,tipo,status,saldo,criado_em');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'tab_csv_a',
      'tab_csv_b',
      'tab_csv_c',
    ]);
    expect(lines[3]).toContain(',client,active,12.34,');

    const selected = await t.as(admin).get(`/api/users/export.csv?ids=${b!.id},${c!.id}`);
    const rows = selected.body.trim().split('\r\n').slice(1);
    expect(rows.map((line) => line.split(',')[0]).sort()).toEqual(['tab_csv_b', 'tab_csv_c']);

    const tooMany = Array.from({ length: 101 }, (_, index) => `id${index}`).join(',');
    const refused = await t.as(admin).get(`/api/users/export.csv?ids=${tooMany}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(tableMessages.exportTooManyIds);
  });
});

describe('authorization', () => {
  it('answers 401 without a token and 403 to clients and resellers', async () => {
    const requests: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', '/api/users?sort=balance:desc&role=admin'],
      ['GET', '/api/users/export.csv'],
      ['POST', '/api/users/bulk', { action: 'ban', ids: [admin.id] }],
    ];
    for (const [method, url, payload] of requests) {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      for (const user of [client, reseller]) {
        const response = await t.as(user).request(method, url, payload);
        expect(response.statusCode).toBe(403);
        expect(response.body).not.toContain('chefe_tabela');
      }
    }
    expect(messages.admin.cannotTargetAdmin).toBeTruthy();
  });
});
