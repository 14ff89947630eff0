import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

interface Page {
  items: { id: string; action: string; created_at: string }[];
  total: number;
  page: number;
  pageSize: number;
}

function list(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/activity?${query}`, headers: admin.headers });
}

describe('GET /api/activity', () => {
  it('pages the whole log newest first and searches the action text case-insensitively', async () => {
    for (const name of ['Maria', 'Joana', 'Mario_100%']) {
      t.clock.advance(1_000);
      const user = await t.createUser({ username: name });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/status`,
        headers: admin.headers,
        payload: { status: 'banned' },
      });
    }
    t.clock.advance(1_000);
    const product = await t.fixtures.product({ name: 'Registro' });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
    });

    const all = await list('pageSize=2');
    expect(all.statusCode).toBe(200);
    expect(all.json<Page>()).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(all.json<Page>().items.map((item) => item.action)).toEqual([
      'Produto Registro excluído',
      'Usuário Mario_100% banido',
    ]);
    const second = await list('pageSize=2&page=2');
    expect(second.json<Page>().items.map((item) => item.action)).toEqual([
      'Usuário Joana banido',
      'Usuário Maria banido',
    ]);

    const search = await list('q=MARI');
    expect(search.json<Page>().items.map((item) => item.action)).toEqual([
      'Usuário Mario_100% banido',
      'Usuário Maria banido',
    ]);
    expect((await list('q=100%25')).json<Page>().total).toBe(1);
    expect((await list('q=%25')).json<Page>().total).toBe(1);
    expect((await list('q=_')).json<Page>().total).toBe(1);
    expect((await list('page=-1')).statusCode).toBe(400);
  });
});
