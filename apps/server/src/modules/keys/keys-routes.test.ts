import { KEY_ALPHABET, LICENSE_KEY_PATTERN, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.admin;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'gerente' });
});
afterAll(() => t.close());

/** The admin with a token signed at each request's clock time (some tests move it by days). */
const freshAdmin = () => t.tokenFor(admin);

interface KeyRow {
  id: string;
  key: string;
  product: string;
  productId: string;
  validity: number;
  status: string;
  client: string | null;
  createdAt: string;
}
interface Page {
  items: KeyRow[];
  total: number;
}

describe('POST /api/keys', () => {
  it('generates 10 × 1000 distinct keys of 18 characters without look-alikes', async () => {
    const product = await t.fixtures.product({ name: 'Lote' });
    const all = new Set<string>();
    for (let batch = 0; batch < 10; batch += 1) {
      const response = await t.as(freshAdmin).post('/api/keys', {
        productId: product.id,
        days: 7,
        quantity: 1000,
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ message: string; keys: string[] }>();
      expect(body.message).toBe(text.keysGenerated(1000));
      expect(body.keys).toHaveLength(1000);
      for (const key of body.keys) {
        expect(key).toMatch(LICENSE_KEY_PATTERN);
        all.add(key);
      }
    }
    expect(all.size).toBe(10_000);
    const stored = await t.as(freshAdmin).get(`/api/keys?productId=${product.id}&status=active`);
    expect(stored.json<Page>().total).toBe(10_000);
    expect(stored.json<Page>().items[0]).toMatchObject({ validity: 7, product: 'Lote' });
    // Every character of the alphabet shows up (nothing is stuck by a biased draw), and only
    // those: no 0/O, 1/I/L, 5/S, 8/B to misread.
    expect([...new Set([...all].join(''))].sort().join('')).toBe([...KEY_ALPHABET].sort().join(''));
  });

  it('takes the validity from a plan duration type', async () => {
    const product = await t.fixtures.product();
    const response = await t.as(freshAdmin).post('/api/keys', {
      productId: product.id,
      durationType: 'bi-weekly',
      quantity: 2,
    });
    expect(response.statusCode).toBe(201);
    const list = await t.as(freshAdmin).get(`/api/keys?productId=${product.id}`);
    expect(list.json<Page>().items.map((row) => row.validity)).toEqual([14, 14]);
    expect(
      (await t.as(freshAdmin).get('/api/dashboard/recent-activities')).json<
        { action: string }[]
      >()[0]?.action,
    ).toBe(`2 chaves de ${product.name} geradas`);
  });

  it('validates quantity, validity and product', async () => {
    const product = await t.fixtures.product();
    const cases: [object, number, string?][] = [
      [{ productId: product.id, days: 1, quantity: 0 }, 400, text.keyQuantityRange],
      [{ productId: product.id, days: 1, quantity: 1001 }, 400, text.keyQuantityRange],
      [{ productId: product.id, days: 1, quantity: 1.5 }, 400, text.keyQuantityRange],
      [{ productId: product.id, quantity: 1 }, 400, text.keyValidityRequired],
      [{ productId: product.id, days: 1, durationType: 'daily' }, 400, text.keyValidityRequired],
      [{ productId: product.id, durationType: 'yearly' }, 400],
      [{ productId: product.id, days: 1e15 }, 400],
      [{ days: 1 }, 400, messages.validation.productRequired],
      [{ productId: 'nao-existe', days: 1 }, 404, text.productNotFound],
    ];
    for (const [payload, status, message] of cases) {
      const response = await t.as(freshAdmin).post('/api/keys', payload);
      expect(response.statusCode).toBe(status);
      if (message) expect(response.json<{ message: string }>().message).toBe(message);
    }
  });
});

describe('GET /api/keys', () => {
  it('filters by status, product and key or client prefix, newest first', async () => {
    const product = await t.fixtures.product({ name: 'Filtro' });
    const client = await t.createUser({ username: 'Comprador' });
    t.clock.advance(1_000);
    const used = await t.fixtures.key(product.id, {
      key: 'ABCFILTRO000000001',
      status: 'used',
      redeemedBy: client.id,
    });
    t.clock.advance(1_000);
    const fresh = await t.fixtures.key(product.id, { key: 'ABCFILTRO000000002', days: 3 });
    await t.fixtures.key(product.id, { key: 'ZZZFILTRO000000003', status: 'banned' });

    const byKey = await t.as(freshAdmin).get('/api/keys?q=abcfiltro');
    expect(byKey.json<Page>().items.map((row) => row.id)).toEqual([fresh.id, used.id]);
    expect(byKey.json<Page>().items[0]).toEqual({
      id: fresh.id,
      key: 'ABCFILTRO000000002',
      product: 'Filtro',
      productId: product.id,
      validity: 3,
      status: 'active',
      client: null,
      clientId: null,
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    const byClient = await t.as(freshAdmin).get('/api/keys?q=compr');
    expect(byClient.json<Page>().items).toMatchObject([{ id: used.id, client: 'Comprador' }]);
    const banned = await t.as(freshAdmin).get(`/api/keys?status=banned&productId=${product.id}`);
    expect(banned.json<Page>().items.map((row) => row.key)).toEqual(['ZZZFILTRO000000003']);
    const blank = await t.as(freshAdmin).get(`/api/keys?status=&productId=${product.id}`);
    expect(blank.json<Page>().total).toBe(3);
    expect((await t.as(freshAdmin).get('/api/keys?status=perdida')).statusCode).toBe(400);
  });
});

describe('GET /api/keys/export.csv', () => {
  it('exports the filtered keys as RFC 4180 CSV with a header', async () => {
    const product = await t.fixtures.product({ name: '=Produto, "especial"' });
    await t.fixtures.key(product.id, { key: 'CSVKEY000000000001', days: 30 });
    const response = await t.as(freshAdmin).get(`/api/keys/export.csv?productId=${product.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="chaves.csv"');
    expect(response.body).toBe(
      'chave,produto,validade_dias,status,cliente,criada_em,resgatar_ate\r\n' +
        `CSVKEY000000000001,"'=Produto, ""especial""",30,active,,${new Date(t.clock.now()).toISOString()},\r\n`,
    );
  });
});

describe('expired keys', () => {
  /** The key's status as the list, its status filters, their counts and the CSV report it. */
  async function reported(productId: string, key: string) {
    const listed = await t.as(freshAdmin).get(`/api/keys?productId=${productId}&q=${key}`);
    const status = listed.json<Page>().items[0]?.status;
    const counts: Record<string, number> = {};
    for (const filter of ['active', 'used', 'banned', 'expired']) {
      const page = await t.as(freshAdmin).get(`/api/keys?productId=${productId}&status=${filter}`);
      counts[filter] = page.json<Page>().total;
    }
    const csv = await t.as(freshAdmin).get(`/api/keys/export.csv?productId=${productId}&q=${key}`);
    return { status, counts, csvStatus: csv.body.split('\r\n')[1]?.split(',')[3] };
  }

  it("generates keys with an optional 'Resgatar até' (end of that day in São Paulo), never in the past", async () => {
    const product = await t.fixtures.product();
    const created = await t.as(freshAdmin).post('/api/keys', {
      productId: product.id,
      days: 7,
      redeemBy: '2026-01-20',
    });
    expect(created.statusCode).toBe(201);
    const [value] = created.json<{ keys: string[] }>().keys;
    const id =
      (await t.as(freshAdmin).get(`/api/keys?q=${value ?? ''}`)).json<Page>().items[0]?.id ?? '';
    expect((await t.as(freshAdmin).get(`/api/keys/${id}`)).json()).toMatchObject({
      status: 'active',
      redeemBy: '2026-01-21T02:59:59.999Z',
    });

    const past = await t.as(freshAdmin).post('/api/keys', {
      productId: product.id,
      days: 7,
      redeemBy: '2026-01-14',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ message: text.redeemByPast, code: 'BAD_REQUEST' });
    const malformed = await t.as(freshAdmin).post('/api/keys', {
      productId: product.id,
      days: 7,
      redeemBy: '20/01/2026',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toBe(text.redeemByInvalid);
  });

  it('an unused key past its redeem-by date is listed, filtered, counted and exported as expired, and cannot be redeemed', async () => {
    const product = await t.fixtures.product();
    const client = await t.createUser();
    const key = await t.fixtures.key(product.id, { redeemBy: t.clock.now() + DAY });
    expect(await reported(product.id, key.key)).toEqual({
      status: 'active',
      counts: { active: 1, used: 0, banned: 0, expired: 0 },
      csvStatus: 'active',
    });

    t.clock.advance(DAY);

    expect(await reported(product.id, key.key)).toEqual({
      status: 'expired',
      counts: { active: 0, used: 0, banned: 0, expired: 1 },
      csvStatus: 'expired',
    });
    const linked = await t.as(freshAdmin).post(`/api/keys/${key.id}/link`, { userId: client.id });
    expect(linked.statusCode).toBe(409);
    expect(linked.json()).toEqual({ message: text.keyExpired, code: 'KEY_NOT_REDEEMABLE' });
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/client/redeem-key',
      headers: { authorization: `Bearer ${await t.tokenFor(client)}` },
      payload: { keyValue: key.key },
    });
    expect(redeemed.statusCode).toBe(409);
    expect(redeemed.json()).toEqual({ message: text.keyExpired, code: 'KEY_NOT_REDEEMABLE' });
    const loader = await t.app.inject({
      method: 'POST',
      url: '/api/loader/auth',
      payload: {
        productId: product.id,
        hwid: 'PC-EXPIRED-KEY',
        nonce: 'nonce-expired-key-0001',
        key: key.key,
        identifier: client.username,
        password: client.password,
      },
    });
    expect(loader.json<{ data: unknown }>().data).toEqual({
      ok: false,
      code: 'INVALID_KEY',
      message: messages.loader.refusals.INVALID_KEY,
    });
  });

  it('a used key shows expired once its subscription ran out, not while it runs or is paused', async () => {
    const product = await t.fixtures.product();
    const client = await t.createUser();
    const asClient = async () => ({ authorization: `Bearer ${await t.tokenFor(client)}` });
    const key = await t.fixtures.key(product.id);
    const link = await t.as(freshAdmin).post(`/api/keys/${key.id}/link`, { userId: client.id });
    expect(link.statusCode).toBe(200);
    expect(await reported(product.id, key.key)).toMatchObject({ status: 'used' });

    t.clock.advance(30 * DAY);
    expect(await reported(product.id, key.key)).toEqual({
      status: 'expired',
      counts: { active: 0, used: 0, banned: 0, expired: 1 },
      csvStatus: 'expired',
    });

    // Another key extends the subscription: the first one's subscription runs again.
    const renewal = await t.fixtures.key(product.id, { days: 10 });
    await t.as(freshAdmin).post(`/api/keys/${renewal.id}/link`, { userId: client.id });
    expect(await reported(product.id, key.key)).toMatchObject({
      status: 'used',
      counts: { active: 0, used: 2, banned: 0, expired: 0 },
    });

    // Paused: the clock is frozen, nothing runs out.
    const sub = await t.database.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', client.id)
      .executeTakeFirstOrThrow();
    const pause = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/subscriptions/${sub.id}/status`,
      headers: await asClient(),
      payload: { status: 'paused' },
    });
    expect(pause.statusCode).toBe(200);
    t.clock.advance(20 * DAY);
    expect(await reported(product.id, key.key)).toMatchObject({ status: 'used' });

    // Removed by an admin: the key no longer grants anything.
    const removed = await t.as(freshAdmin).delete(`/api/users/subscriptions/${sub.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await reported(product.id, key.key)).toMatchObject({ status: 'expired' });
  });

  it("a used key shows expired once its redeemer's account is deleted, alone or by 'delete all users'", async () => {
    const product = await t.fixtures.product();
    const redeemedBy = async () => {
      const client = await t.createUser();
      const key = await t.fixtures.key(product.id);
      expect(
        (await t.as(freshAdmin).post(`/api/keys/${key.id}/link`, { userId: client.id })).statusCode,
      ).toBe(200);
      expect(await reported(product.id, key.key)).toMatchObject({ status: 'used' });
      return { client, key };
    };
    const alone = await redeemedBy();
    expect((await t.as(freshAdmin).delete(`/api/users/${alone.client.id}`)).statusCode).toBe(200);
    expect(await reported(product.id, alone.key.key)).toMatchObject({ status: 'expired' });

    const together = await redeemedBy();
    expect((await t.as(freshAdmin).post('/api/admin-actions/delete-all-users')).statusCode).toBe(
      200,
    );
    expect(await reported(product.id, together.key.key)).toEqual({
      status: 'expired',
      counts: { active: 0, used: 0, banned: 0, expired: 2 },
      csvStatus: 'expired',
    });
  });
});

describe('GET /api/keys/:id', () => {
  it('shows creator, redemption and the subscription it fed', async () => {
    const product = await t.fixtures.product({ name: 'Info' });
    const client = await t.createUser({ username: 'info_cliente' });
    const created = await t.as(freshAdmin).post('/api/keys', { productId: product.id, days: 10 });
    const [value] = created.json<{ keys: string[] }>().keys;
    const list = await t.as(freshAdmin).get(`/api/keys?q=${value ?? ''}`);
    const id = list.json<Page>().items[0]?.id ?? '';

    const before = await t.as(freshAdmin).get(`/api/keys/${id}`);
    expect(before.json()).toMatchObject({
      key: value,
      product: 'Info',
      validity: 10,
      status: 'active',
      createdBy: 'gerente',
      redeemedBy: null,
      redeemedAt: null,
      subscription: null,
    });

    await t.as(freshAdmin).post(`/api/keys/${id}/link`, { userId: client.id });
    const after = await t.as(freshAdmin).get(`/api/keys/${id}`);
    expect(after.json()).toMatchObject({
      status: 'used',
      redeemedBy: 'info_cliente',
      redeemedAt: new Date(t.clock.now()).toISOString(),
      subscription: {
        status: 'active',
        expiresAt: new Date(t.clock.now() + 10 * DAY).toISOString(),
      },
    });
    const unknown = await t.as(freshAdmin).get('/api/keys/nao-existe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: text.keyNotFound, code: 'NOT_FOUND' });
  });
});

describe('POST /api/keys/:id/link', () => {
  it('redeems for the user: creates, then extends, their subscription', async () => {
    const product = await t.fixtures.product({ name: 'Vinculo' });
    const client = await t.createUser({ username: 'vinculado' });
    const first = await t.fixtures.key(product.id, { days: 10 });
    const second = await t.fixtures.key(product.id, { days: 5 });
    const now = t.clock.now();

    const link = await t.as(freshAdmin).post(`/api/keys/${first.id}/link`, { userId: client.id });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({ message: text.keyLinked });
    await t.as(freshAdmin).post(`/api/keys/${second.id}/link`, { userId: client.id });

    const subs = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', client.id)
      .execute();
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      expires_at: now + 15 * DAY,
      max_devices: 1,
      pause_credits: 3,
      hwid_reset_credits: 3,
    });
    expect(
      (await t.as(freshAdmin).get('/api/dashboard/recent-activities')).json<
        { action: string }[]
      >()[0]?.action,
    ).toBe(`Chave ${second.key} vinculada a vinculado`);
  });

  it('redeems a key exactly once, even for two concurrent calls', async () => {
    const product = await t.fixtures.product();
    const key = await t.fixtures.key(product.id, { days: 10 });
    const a = await t.createUser();
    const b = await t.createUser();

    const responses = await Promise.all([
      t.as(freshAdmin).post(`/api/keys/${key.id}/link`, { userId: a.id }),
      t.as(freshAdmin).post(`/api/keys/${key.id}/link`, { userId: b.id }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const conflict = responses.find((response) => response.statusCode === 409);
    expect(conflict?.json()).toEqual({ message: text.keyAlreadyUsed, code: 'KEY_NOT_REDEEMABLE' });
    const subs = await t.database.db
      .selectFrom('subscriptions')
      .select('user_id')
      .where('product_id', '=', product.id)
      .execute();
    expect(subs).toHaveLength(1);

    const again = await t.as(freshAdmin).post(`/api/keys/${key.id}/link`, { userId: a.id });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a banned key, an unknown key or user, and a missing user id', async () => {
    const product = await t.fixtures.product();
    const banned = await t.fixtures.key(product.id, { status: 'banned' });
    const user = await t.createUser();
    expect(
      (await t.as(freshAdmin).post(`/api/keys/${banned.id}/link`, { userId: user.id })).json(),
    ).toEqual({ message: text.keyBanned, code: 'KEY_NOT_REDEEMABLE' });
    expect(
      (await t.as(freshAdmin).post('/api/keys/nao-existe/link', { userId: user.id })).statusCode,
    ).toBe(404);
    const fresh = await t.fixtures.key(product.id);
    const unknownUser = await t
      .as(freshAdmin)
      .post(`/api/keys/${fresh.id}/link`, { userId: 'ninguem' });
    expect(unknownUser.json()).toEqual({ message: text.userNotFound, code: 'NOT_FOUND' });
    // The refused link left the key unused.
    expect((await t.as(freshAdmin).get(`/api/keys/${fresh.id}`)).json()).toMatchObject({
      status: 'active',
    });
    const missing = await t.as(freshAdmin).post(`/api/keys/${fresh.id}/link`, {});
    expect(missing.json()).toEqual({ message: text.userIdRequired, code: 'VALIDATION_ERROR' });
  });
});

describe('PATCH and DELETE /api/keys/:id', () => {
  it('resets the duration, bans and unbans an unused key, never a used one', async () => {
    const product = await t.fixtures.product();
    const key = await t.fixtures.key(product.id, { days: 30 });
    const patch = (payload: object) => t.as(freshAdmin).patch(`/api/keys/${key.id}`, payload);

    expect((await patch({ days: 7 })).json()).toEqual({ message: text.keyUpdated });
    expect((await t.as(freshAdmin).get(`/api/keys/${key.id}`)).json()).toMatchObject({
      validity: 7,
    });
    await patch({ status: 'banned' });
    expect((await t.as(freshAdmin).get(`/api/keys/${key.id}`)).json()).toMatchObject({
      status: 'banned',
    });
    await patch({ status: 'active' });
    expect((await t.as(freshAdmin).get(`/api/keys/${key.id}`)).json()).toMatchObject({
      status: 'active',
    });

    expect((await patch({})).json()).toEqual({
      message: text.keyUpdateRequired,
      code: 'VALIDATION_ERROR',
    });
    expect((await patch({ days: 1, status: 'banned' })).statusCode).toBe(400);
    expect((await patch({ status: 'used' })).statusCode).toBe(400);
    expect((await patch({ days: -1 })).statusCode).toBe(400);

    const used = await t.fixtures.key(product.id, { status: 'used', redeemedBy: admin.id });
    const refused = await t.as(freshAdmin).patch(`/api/keys/${used.id}`, { days: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: text.keyNotUnused, code: 'KEY_NOT_UNUSED' });
    expect((await t.as(freshAdmin).patch('/api/keys/nao-existe', { days: 3 })).statusCode).toBe(
      404,
    );
  });

  it('bans and unbans an unused key past its redeem-by date but refuses to reset its duration', async () => {
    const product = await t.fixtures.product();
    const key = await t.fixtures.key(product.id, { days: 30, redeemBy: t.clock.now() + DAY });
    t.clock.advance(2 * DAY);
    const patch = (payload: object) => t.as(freshAdmin).patch(`/api/keys/${key.id}`, payload);

    const reset = await patch({ days: 7 });

    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toEqual({
      message: text.keyRedeemByPassed,
      code: 'KEY_REDEEM_BY_PASSED',
    });
    expect((await t.as(freshAdmin).get(`/api/keys/${key.id}`)).json()).toMatchObject({
      validity: 30,
      status: 'expired',
    });
    expect((await patch({ status: 'banned' })).json()).toEqual({ message: text.keyUpdated });
    expect((await t.as(freshAdmin).get(`/api/keys/${key.id}`)).json()).toMatchObject({
      status: 'banned',
    });
    expect((await patch({ days: 7 })).statusCode).toBe(409);
    expect((await patch({ status: 'active' })).json()).toEqual({ message: text.keyUpdated });
    expect((await t.as(freshAdmin).get(`/api/keys/${key.id}`)).json()).toMatchObject({
      status: 'expired',
    });
  });

  it('deletes a key', async () => {
    const key = await t.fixtures.key((await t.fixtures.product()).id);
    const response = await t.as(freshAdmin).delete(`/api/keys/${key.id}`);
    expect(response.json()).toEqual({ message: text.keyDeleted });
    expect((await t.as(freshAdmin).get(`/api/keys/${key.id}`)).statusCode).toBe(404);
    expect((await t.as(freshAdmin).delete(`/api/keys/${key.id}`)).statusCode).toBe(404);
  });
});
