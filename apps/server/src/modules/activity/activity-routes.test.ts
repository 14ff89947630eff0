import type { ActivityPage } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { newId } from '../../platform/core/ids.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp, TEST_EPOCH } from '../../testing/test-app.js';
import { createActivityHandlers } from './activity-handlers.js';
import { createActivityRepository } from './activity-repository.js';
import { createActivityService } from './activity-service.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

function list(query: string, headers: Record<string, string> = admin.headers) {
  return t.app.inject({ method: 'GET', url: `/api/activity?${query}`, headers });
}

async function page(query: string): Promise<ActivityPage> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityPage>();
}

const actions = (answer: ActivityPage) => answer.items.map((item) => item.action);

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

    const all = await page('pageSize=2');
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(actions(all)).toEqual(['Produto Registro excluído', 'Usuário Mario_100% banido']);
    expect(all.items[0]).toMatchObject({
      type: 'product.deleted',
      actor: { id: admin.id, username: admin.username },
      target: { kind: 'product', id: product.id, label: null },
      ip: '127.0.0.1',
    });
    expect(all.items[1]).toMatchObject({
      type: 'user.banned',
      target: { kind: 'user', label: 'Mario_100%' },
    });
    const second = await page('pageSize=2&page=2');
    expect(actions(second)).toEqual(['Usuário Joana banido', 'Usuário Maria banido']);

    expect(actions(await page('q=MARI'))).toEqual([
      'Usuário Mario_100% banido',
      'Usuário Maria banido',
    ]);
    expect((await page('q=100%25')).total).toBe(1);
    expect((await page('q=%25')).total).toBe(1);
    expect((await page('q=_')).total).toBe(1);
    expect((await list('page=-1')).statusCode).toBe(400);
  });
});

describe('GET /api/activity filters', () => {
  let f: TestApp;
  let boss: TestUser;
  let ana: TestUser;
  let bruno: TestUser;

  /** A row straight into the table, `daysAgo` days before TEST_EPOCH (09:00 in São Paulo). */
  async function row(input: {
    type: string;
    action: string;
    actor?: TestUser | null;
    target?: string;
    at: number;
  }) {
    await f.database.db
      .insertInto('activity')
      .values({
        id: newId(),
        type: input.type,
        action: input.action,
        actor_id: input.actor?.id ?? null,
        actor_name: input.actor?.username ?? null,
        target: input.target ?? null,
        ip: '10.0.0.1',
        created_at: input.at,
      })
      .execute();
  }

  function get(query: string, headers: Record<string, string> = boss.headers) {
    return f.app.inject({ method: 'GET', url: `/api/activity?${query}`, headers });
  }
  async function found(query: string): Promise<string[]> {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return actions(response.json<ActivityPage>());
  }

  const day = 24 * 60 * 60_000;

  beforeAll(async () => {
    f = await createTestApp();
    boss = await f.createUser({ role: 'admin', username: 'chefe' });
    ana = await f.createUser({ username: 'ana' });
    bruno = await f.createUser({ username: 'bruno' });
    const product = await f.fixtures.product({ name: 'Cheat X' });
    const key = await f.fixtures.key(product.id, { key: 'AAAA-BBBB' });
    await row({
      type: 'user.banned',
      action: 'A',
      actor: boss,
      target: `user:${ana.id}`,
      at: TEST_EPOCH - 3 * day,
    });
    await row({
      type: 'user.unbanned',
      action: 'B',
      actor: boss,
      target: `user:${ana.id}`,
      at: TEST_EPOCH - 2 * day,
    });
    await row({
      type: 'key.redeemed',
      action: 'C',
      actor: ana,
      target: `key:${key.id}`,
      at: TEST_EPOCH - day,
    });
    await row({
      type: 'product.updated',
      action: 'D',
      actor: boss,
      target: `product:${product.id}`,
      at: TEST_EPOCH,
    });
    await row({
      type: 'user.login_new_ip',
      action: 'E',
      actor: bruno,
      target: `user:${bruno.id}`,
      at: TEST_EPOCH + 1,
    });
    await row({
      type: 'deposit.paid',
      action: 'F',
      actor: null,
      target: 'deposit:gone',
      at: TEST_EPOCH + 2,
    });
  });
  afterAll(() => f.close());

  it('filters by type, actor, target and subject, alone and combined', async () => {
    expect(await found('type=user.banned')).toEqual(['A']);
    expect(await found(`actorId=${boss.id}`)).toEqual(['D', 'B', 'A']);
    expect(await found(`target=user:${ana.id}`)).toEqual(['B', 'A']);
    // What ana did (C) and what was done to her (A, B).
    expect(await found(`subject=${ana.id}`)).toEqual(['C', 'B', 'A']);
    expect(await found(`subject=${bruno.id}`)).toEqual(['E']);
    expect(await found(`actorId=${boss.id}&type=user.unbanned`)).toEqual(['B']);
    expect(await found('actor=CHEFE&type=user.unbanned')).toEqual(['B']);
    expect(await found('actor=ninguem')).toEqual([]);
    expect(await found(`subject=${ana.id}&type=key.redeemed`)).toEqual(['C']);
    expect(await found(`actorId=${boss.id}&q=d`)).toEqual(['D']);
    expect(await found('type=ticket.closed')).toEqual([]);
  });

  it('filters by São Paulo calendar days, both ends included, and checks the range', async () => {
    // TEST_EPOCH is 2026-01-15 09:00 in São Paulo.
    expect(await found('from=2026-01-15')).toEqual(['F', 'E', 'D']);
    expect(await found('to=2026-01-13')).toEqual(['B', 'A']);
    expect(await found('from=2026-01-13&to=2026-01-14')).toEqual(['C', 'B']);
    expect(await found(`from=2026-01-12&to=2026-01-14&actorId=${boss.id}`)).toEqual(['B', 'A']);

    const reversed = await get('from=2026-01-15&to=2026-01-14');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toContain(
      'A data inicial deve ser anterior ou igual à data final.',
    );
    expect((await get('from=15/01/2026')).statusCode).toBe(400);
    expect((await get('type=nope')).statusCode).toBe(400);
    expect((await get('pageSize=101')).statusCode).toBe(400);
    expect((await get('unknown=1')).statusCode).toBe(400);
  });

  it('names actors and targets, keeps a deleted actor’s name and answers the system as null', async () => {
    const answer = (await get('pageSize=10')).json<ActivityPage>();
    const byAction = new Map(answer.items.map((item) => [item.action, item]));
    expect(byAction.get('C')).toMatchObject({
      type: 'key.redeemed',
      actor: { id: ana.id, username: 'ana' },
      target: { kind: 'key', label: 'AAAA-BBBB' },
      ip: '10.0.0.1',
    });
    expect(byAction.get('D')?.target).toMatchObject({ kind: 'product', label: 'Cheat X' });
    expect(byAction.get('F')).toMatchObject({
      actor: null,
      target: { kind: 'deposit', id: 'gone', label: null },
    });

    const gone = await f.createUser({ username: 'sumido' });
    await row({ type: 'user.updated', action: 'G', actor: gone, at: TEST_EPOCH + 3 });
    await f.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const latest = (await get('pageSize=1')).json<ActivityPage>().items[0];
    expect(latest).toMatchObject({ action: 'G', actor: { id: null, username: 'sumido' } });
    await f.database.db.deleteFrom('activity').where('action', '=', 'G').execute();
  });

  it('pages by cursor at any depth and refuses offset pages past the cap', async () => {
    const first = (await get('pageSize=2')).json<ActivityPage>();
    expect(actions(first)).toEqual(['F', 'E']);
    expect(first.nextCursor).not.toBeNull();
    const next = (await get(`pageSize=2&before=${first.nextCursor ?? ''}`)).json<ActivityPage>();
    expect(actions(next)).toEqual(['D', 'C']);
    const last = (await get(`pageSize=2&before=${next.nextCursor ?? ''}`)).json<ActivityPage>();
    expect(actions(last)).toEqual(['B', 'A']);
    const after = (await get(`pageSize=2&before=${last.nextCursor ?? ''}`)).json<ActivityPage>();
    expect(after).toMatchObject({ items: [], nextCursor: null, total: 6 });
    expect((await get('pageSize=4&page=2')).json<ActivityPage>().nextCursor).toBeNull();

    const deep = await get('pageSize=100&page=101');
    expect(deep.statusCode).toBe(400);
    expect(deep.json<{ message: string }>().message).toContain('Página muito distante');
    expect((await get('before=zzz')).statusCode).toBe(400);
  });

  it('exports the filtered rows as CSV, formulas defused', async () => {
    await row({
      type: 'ticket.answered',
      action: '=HYPERLINK("http://x"), "aspas"',
      actor: boss,
      target: 'ticket:t1',
      at: TEST_EPOCH + 10,
    });
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/activity/export?actorId=${boss.id}&from=2026-01-15`,
      headers: boss.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('atividades.csv');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('data_hora,tipo,acao,autor,alvo,alvo_nome,ip');
    expect(lines[1]).toBe(
      `15/01/2026 09:00,Ticket respondido,"'=HYPERLINK(""http://x""), ""aspas""",chefe,ticket:t1,,10.0.0.1`,
    );
    expect(lines[2]).toMatch(
      /^15\/01\/2026 09:00,Produto atualizado,D,chefe,product:.*,Cheat X,10\.0\.0\.1$/,
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');

    const bad = await f.app.inject({
      method: 'GET',
      url: '/api/activity/export?from=2026-02-01&to=2026-01-01',
      headers: boss.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 to clients and resellers', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    expect((await get('', ana.headers)).statusCode).toBe(403);
    const reseller = await f.createResellerViaAdmin(boss.headers, 10);
    const refused = await get(`subject=${ana.id}`, reseller.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('ana');
    for (const headers of [{}, ana.headers, reseller.headers] as Record<string, string>[]) {
      const csv = await f.app.inject({ method: 'GET', url: '/api/activity/export', headers });
      expect(csv.statusCode).toBe(Object.keys(headers).length === 0 ? 401 : 403);
    }
  });
});

describe('typed lines from domain events and sign-ins', () => {
  it('logs a customer’s redemption once, typed, with its IP; an admin link only as key.linked', async () => {
    const product = await t.fixtures.product({ name: 'Resgate' });
    const key = await t.fixtures.key(product.id, { key: 'RESGATE00000000001', days: 7 });
    const user = await t.createUser({ username: 'resgatador' });
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/client/redeem-key',
      headers: user.headers,
      payload: { keyValue: key.key },
      remoteAddress: '203.0.113.9',
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    await t.app.outbox.drain();
    const lines = await page(`type=key.redeemed&subject=${user.id}`);
    expect(lines.items).toEqual([
      expect.objectContaining({
        type: 'key.redeemed',
        action: 'Chave RESGATE00000000001 resgatada por resgatador (Resgate, 7 dias) no site',
        actor: { id: user.id, username: 'resgatador' },
        target: { kind: 'key', id: key.id, label: 'RESGATE00000000001' },
        ip: '203.0.113.9',
      }),
    ]);

    const other = await t.fixtures.key(product.id, { key: 'RESGATE00000000002' });
    const linked = await t.app.inject({
      method: 'POST',
      url: `/api/keys/${other.id}/link`,
      headers: admin.headers,
      payload: { userId: user.id },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await t.app.outbox.drain();
    expect((await page(`target=key:${other.id}`)).items.map((item) => item.type)).toEqual([
      'key.linked',
    ]);
  });

  it('writes a handler’s line once however often the handler runs', async () => {
    const { db } = t.database;
    const repository = createActivityRepository(db);
    const activity = createActivityService({ clock: t.clock, repository });
    const [handler] = createActivityHandlers({ activity, repository });
    const product = await t.fixtures.product({ name: 'Duas vezes' });
    const user = await t.createUser();
    const key = await t.fixtures.key(product.id, { status: 'used', redeemedBy: user.id });
    const event: DomainEvent<'key.redeemed'> = {
      id: newId(),
      type: 'key.redeemed',
      occurredAt: t.clock.now(),
      payload: {
        keyId: key.id,
        userId: user.id,
        productId: product.id,
        subscriptionId: 'sub',
        days: 30,
        keyCreatedBy: null,
        via: 'loader',
        ip: '198.51.100.7',
      },
    };
    if (!handler?.handle) throw new Error('handler expected');
    await handler.handle(event, db);
    await handler.handle(event, db);
    const rows = await db
      .selectFrom('activity')
      .select(['type', 'action', 'ip'])
      .where('target', '=', `key:${key.id}`)
      .execute();
    expect(rows).toEqual([
      {
        type: 'key.redeemed',
        action: `Chave ${key.key} resgatada por ${user.username} (Duas vezes, 30 dias) pelo loader`,
        ip: '198.51.100.7',
      },
    ]);
  });

  it('logs a sign-in from a new IP, not the first one nor a repeated address', async () => {
    const user = await t.createUser({ username: 'viajante' });
    const login = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: user.username, password: user.password },
        remoteAddress,
      });
    const newIpLines = async () => (await page(`type=user.login_new_ip&subject=${user.id}`)).items;

    expect((await login('192.0.2.1')).statusCode).toBe(200);
    expect(await newIpLines()).toEqual([]);
    t.clock.advance(60_000);
    expect((await login('192.0.2.1')).statusCode).toBe(200);
    expect(await newIpLines()).toEqual([]);
    t.clock.advance(60_000);
    expect((await login('192.0.2.2')).statusCode).toBe(200);
    expect(await newIpLines()).toEqual([
      expect.objectContaining({
        action: messages.activity.loginNewIp('viajante', '192.0.2.2'),
        actor: { id: user.id, username: 'viajante' },
        target: { kind: 'user', id: user.id, label: 'viajante' },
        ip: '192.0.2.2',
      }),
    ]);
    t.clock.advance(60_000);
    expect((await login('192.0.2.2')).statusCode).toBe(200);
    expect(await newIpLines()).toHaveLength(1);
    // A wrong password notes nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: user.username, password: 'errada-123456' },
      remoteAddress: '192.0.2.3',
    });
    const addresses = await t.database.db
      .selectFrom('user_logins')
      .select(['ip', 'first_at', 'last_at'])
      .where('user_id', '=', user.id)
      .orderBy('ip')
      .execute();
    expect(addresses.map((row) => row.ip)).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(Number(addresses[0]?.last_at) - Number(addresses[0]?.first_at)).toBe(60_000);
  });
});
