import { accountMessages, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.admin;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    configure(app) {
      // A guarded call, to see which session tokens still work.
      app.get('/api/test/session', { onRequest: app.requireRole('client', 'admin') }, () => ({
        ok: true,
      }));
    },
  });
  admin = await t.createUser({ role: 'admin', username: 'chefe' });
});
afterAll(() => t.close());

async function sessionWorks(user: TestUser): Promise<boolean> {
  const response = await t.as(user).get('/api/test/session');
  return response.statusCode === 200;
}

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface Row {
  id: string;
  user: string;
  email: string;
  status: string;
  role: string;
  hwid: string | null;
  products: string[];
  createdAt: string;
}

describe('GET /api/users', () => {
  it('pages users newest first with their products and bound HWIDs', async () => {
    t.clock.advance(1_000);
    const maria = await t.createUser({ username: 'Maria_Lista', email: 'maria.lista@example.com' });
    const alpha = await t.fixtures.product({ name: 'Alpha' });
    const beta = await t.fixtures.product({ name: 'Beta' });
    const subA = await t.fixtures.subscription(maria.id, alpha.id);
    const subB = await t.fixtures.subscription(maria.id, beta.id);
    await t.fixtures.machine(subA.id, 'HWID-1');
    await t.fixtures.machine(subB.id, 'HWID-2');
    await t.fixtures.machine(subB.id, 'HWID-1');
    t.clock.advance(1_000);
    const joao = await t.createUser({ username: 'joao_lista', email: 'JOAO.LISTA@example.com' });

    const response = await t.as(admin).get('/api/users?q=MARIA_L');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: maria.id,
          user: 'Maria_Lista',
          email: 'maria.lista@example.com',
          createdAt: new Date(t.clock.now() - 1_000).toISOString(),
          status: 'active',
          role: 'client',
          hwid: 'HWID-1, HWID-2',
          products: ['Alpha', 'Beta'],
          balance: 0,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });

    const byEmail = await t.as(admin).get('/api/users?q=joao.LISTA@');
    expect(byEmail.json<Page<Row>>().items).toMatchObject([
      { id: joao.id, hwid: null, products: [] },
    ]);

    const page = await t.as(admin).get('/api/users?pageSize=1&page=1');
    expect(page.json<Page<Row>>().items[0]?.id).toBe(joao.id);
    expect(page.json<Page<Row>>().total).toBeGreaterThanOrEqual(3);
    const second = await t.as(admin).get('/api/users?pageSize=1&page=2');
    expect(second.json<Page<Row>>().items[0]?.id).toBe(maria.id);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    await t.createUser({ username: 'pct_user' });
    expect((await t.as(admin).get('/api/users?q=%25')).json<Page<Row>>().total).toBe(0);
    expect((await t.as(admin).get('/api/users?q=pct_')).json<Page<Row>>().total).toBe(1);
    expect((await t.as(admin).get('/api/users?q=pct%25')).json<Page<Row>>().total).toBe(0);
  });

  it('refuses malformed paging with a pt-BR message', async () => {
    for (const query of ['page=0', 'page=abc', 'pageSize=1000', 'page=1e400']) {
      const response = await t.as(admin).get(`/api/users?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/users/clients', () => {
  it('lists client users only, alphabetically, searchable', async () => {
    await t.createUser({ username: 'cli_zeta' });
    await t.createUser({ username: 'Cli_alfa' });
    await t.createUser({ username: 'cli_revenda', role: 'reseller' });
    const response = await t.as(admin).get('/api/users/clients?q=CLI_');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ username: string }[]>().map((c) => c.username)).toEqual([
      'Cli_alfa',
      'cli_zeta',
    ]);
  });
});

describe('POST /api/users', () => {
  it('creates a verified client who can log in, with a subscription in the same call', async () => {
    const product = await t.fixtures.product({ name: 'Criado' });
    const response = await t.as(admin).post('/api/users', {
      username: 'novo_cliente',
      email: 'Novo@Example.com',
      password: 'senha-forte-1',
      subscription: { productId: product.id, days: 10, devices: 2 },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ message: string; id: string }>();
    expect(response.json()).toEqual({ message: text.userCreated, id });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'novo@example.com', password: 'senha-forte-1' },
    });
    expect(login.json()).toMatchObject({ role: 'client' });

    const subs = await t.as(admin).get(`/api/users/${id}/subscriptions`);
    expect(subs.json()).toEqual([
      {
        id: expect.any(String) as string,
        name: 'Criado',
        status: 'active',
        created_at: new Date(t.clock.now()).toISOString(),
        expires_at: new Date(t.clock.now() + 10 * DAY).toISOString(),
      },
    ]);
    const row = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ max_devices: 2, pause_credits: 3, hwid_reset_credits: 3 });
    expect(await t.lastActivity()).toBe('Usuário novo_cliente criado');
  });

  it('answers the spec messages for invalid fields', async () => {
    const cases: [object, string][] = [
      [{ username: 'ab', email: 'a@b.com', password: '12345678' }, messages.validation.usernameMin],
      [{ username: 'abc', email: 'nope', password: '12345678' }, messages.validation.emailInvalid],
      [{ username: 'abc', email: 'a@b.com', password: '1234567' }, messages.validation.passwordMin],
      [
        { username: 'abc', email: 'a@b.com', password: '12345678', subscription: { days: 3 } },
        messages.validation.subscriptionFieldsRequired,
      ],
      [
        {
          username: 'abc',
          email: 'a@b.com',
          password: '12345678',
          subscription: { productId: 'p', days: 0, devices: 1 },
        },
        messages.validation.subscriptionFieldsRequired,
      ],
      [
        { username: 'abc', email: 'a@b.com', password: '12345678', subscription: 'x' },
        messages.validation.subscriptionFieldsRequired,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await t.as(admin).post('/api/users', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
    const extra = await t.as(admin).post('/api/users', {
      username: 'abc',
      email: 'a@b.com',
      password: '12345678',
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a taken username or e-mail (any case) and an unknown product', async () => {
    await t.createUser({ username: 'ocupado', email: 'ocupado@example.com' });
    const name = await t.as(admin).post('/api/users', {
      username: 'OCUPADO',
      email: 'livre@example.com',
      password: '12345678',
    });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ message: messages.auth.usernameTaken, code: 'USERNAME_TAKEN' });
    const email = await t.as(admin).post('/api/users', {
      username: 'livre',
      email: 'Ocupado@Example.com',
      password: '12345678',
    });
    expect(email.json()).toEqual({ message: messages.auth.emailTaken, code: 'EMAIL_TAKEN' });

    const product = await t.as(admin).post('/api/users', {
      username: 'sem_produto',
      email: 'sem_produto@example.com',
      password: '12345678',
      subscription: { productId: 'nao-existe', days: 1, devices: 1 },
    });
    expect(product.statusCode).toBe(404);
    expect(product.json()).toEqual({ message: text.productNotFound, code: 'NOT_FOUND' });
    // The whole creation rolled back with it.
    expect((await t.as(admin).get('/api/users?q=sem_produto')).json<Page<Row>>().total).toBe(0);
  });
});

describe('PATCH /api/users/:id/status', () => {
  it('bans (killing the session at once) and unbans', async () => {
    const user = await t.createUser({ username: 'maria' });
    expect(await sessionWorks(user)).toBe(true);

    const ban = await t
      .as(admin, { ip: '127.0.0.1' })
      .patch(`/api/users/${user.id}/status`, { status: 'banned' });
    expect(ban.statusCode).toBe(200);
    expect(ban.json()).toEqual({ message: text.userBanned });
    expect(await sessionWorks(user)).toBe(false);
    expect(await t.lastActivity()).toBe('Usuário maria banido');
    const activity = await t.database.db
      .selectFrom('activity')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ actor_id: admin.id, ip: '127.0.0.1' });

    const unban = await t.as(admin).patch(`/api/users/${user.id}/status`, { status: 'active' });
    expect(unban.json()).toEqual({ message: text.userUnbanned });
    expect((await t.as(admin).get('/api/users?q=maria')).json<Page<Row>>().items[0]?.status).toBe(
      'active',
    );
    // The old token stays dead: it was issued before the ban.
    expect(await sessionWorks(user)).toBe(false);
  });

  it('never bans an admin nor oneself, and 404s an unknown user', async () => {
    const other = await t.createUser({ role: 'admin' });
    const adminTarget = await t
      .as(admin)
      .patch(`/api/users/${other.id}/status`, { status: 'banned' });
    expect(adminTarget.statusCode).toBe(409);
    expect(adminTarget.json()).toEqual({
      message: text.cannotTargetAdmin,
      code: 'CANNOT_TARGET_ADMIN',
    });
    const self = await t.as(admin).patch(`/api/users/${admin.id}/status`, { status: 'banned' });
    expect(self.json()).toEqual({ message: text.cannotTargetSelf, code: 'CANNOT_TARGET_SELF' });
    expect(await sessionWorks(other)).toBe(true);

    const unknown = await t.as(admin).patch('/api/users/nao-existe/status', { status: 'banned' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: text.userNotFound, code: 'NOT_FOUND' });
    const bad = await t.as(admin).patch(`/api/users/${other.id}/status`, { status: 'deleted' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes the user, their subscriptions, and their session', async () => {
    const user = await t.createUser({ username: 'apagar' });
    const product = await t.fixtures.product();
    await t.fixtures.subscription(user.id, product.id);
    const response = await t.as(admin).delete(`/api/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: text.userDeleted });
    expect(await sessionWorks(user)).toBe(false);
    expect((await t.as(admin).get(`/api/users/${user.id}/subscriptions`)).statusCode).toBe(404);
    expect(await t.lastActivity()).toBe('Usuário apagar excluído');
    expect((await t.as(admin).delete(`/api/users/${user.id}`)).statusCode).toBe(404);
  });

  it('never deletes an admin nor oneself', async () => {
    const other = await t.createUser({ role: 'admin' });
    expect((await t.as(admin).delete(`/api/users/${other.id}`)).statusCode).toBe(409);
    expect((await t.as(admin).delete(`/api/users/${admin.id}`)).json()).toEqual({
      message: text.cannotTargetSelf,
      code: 'CANNOT_TARGET_SELF',
    });
  });
});

describe('PATCH /api/users/:id/hwid', () => {
  it("frees every machine of the user's subscriptions", async () => {
    const user = await t.createUser({ username: 'hwid_user' });
    const a = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
    const b = await t.fixtures.subscription(user.id, (await t.fixtures.product()).id);
    await t.fixtures.machine(a.id, 'H1');
    await t.fixtures.machine(b.id, 'H2');
    const response = await t.as(admin).patch(`/api/users/${user.id}/hwid`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: text.hwidReset });
    expect((await t.as(admin).get('/api/users?q=hwid_user')).json<Page<Row>>().items[0]?.hwid).toBe(
      null,
    );
    expect(await t.lastActivity()).toBe('HWID do usuário hwid_user resetado');
    expect((await t.as(admin).patch('/api/users/nao-existe/hwid')).statusCode).toBe(404);
  });
});

describe('subscriptions in the manage dialog', () => {
  it('adds a subscription, then extends it (from now once expired, on the remainder if paused)', async () => {
    const user = await t.createUser({ username: 'assinante' });
    const product = await t.fixtures.product({ name: 'Estendido' });
    const now = t.clock.now();

    const add = await t.as(admin).post(`/api/users/${user.id}/subscriptions`, {
      productId: product.id,
      days: 5,
      devices: 1,
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ message: text.subscriptionAdded });
    const [sub] = (await t.as(admin).get(`/api/users/${user.id}/subscriptions`)).json<
      { id: string; expires_at: string }[]
    >();
    expect(sub?.expires_at).toBe(new Date(now + 5 * DAY).toISOString());
    const subId = sub?.id ?? '';

    await t.as(admin).post(`/api/users/${user.id}/subscriptions`, {
      productId: product.id,
      days: 3,
      devices: 4,
    });
    expect(await t.fixtures.subscriptionRow(subId)).toMatchObject({
      expires_at: now + 8 * DAY,
      max_devices: 4,
    });
    // A smaller device count never lowers it.
    await t.as(admin).post(`/api/users/${user.id}/subscriptions`, {
      productId: product.id,
      days: 1,
      devices: 2,
    });
    expect(await t.fixtures.subscriptionRow(subId)).toMatchObject({
      expires_at: now + 9 * DAY,
      max_devices: 4,
    });
    expect(await t.lastActivity()).toBe('Assinatura Estendido de assinante: +1 dia');

    // Expired: the days count from now.
    const expiredUser = await t.createUser();
    const expired = await t.fixtures.subscription(expiredUser.id, product.id, {
      expiresAt: now - DAY,
    });
    await t.as(admin).post(`/api/users/${expiredUser.id}/subscriptions`, { productId: product.id });
    expect(await t.fixtures.subscriptionRow(expired.id)).toMatchObject({
      expires_at: now + 30 * DAY,
    });

    // Paused: the days go onto the frozen remainder and the list shows the would-be expiry.
    const pausedUser = await t.createUser();
    const paused = await t.fixtures.subscription(pausedUser.id, product.id, {
      status: 'paused',
      pausedRemainingMs: 2 * DAY,
    });
    await t.as(admin).post(`/api/users/${pausedUser.id}/subscriptions`, {
      productId: product.id,
      days: 3,
      devices: 1,
    });
    expect(await t.fixtures.subscriptionRow(paused.id)).toMatchObject({
      status: 'paused',
      expires_at: null,
      paused_remaining_ms: 5 * DAY,
    });
    expect(
      (await t.as(admin).get(`/api/users/${pausedUser.id}/subscriptions`)).json<
        { expires_at: string; status: string }[]
      >()[0],
    ).toMatchObject({ status: 'paused', expires_at: new Date(now + 5 * DAY).toISOString() });
  });

  it('validates the add-subscription form and 404s unknown user or product', async () => {
    const user = await t.createUser();
    const product = await t.fixtures.product();
    const missing = await t.as(admin).post(`/api/users/${user.id}/subscriptions`, { days: 3 });
    expect(missing.json()).toEqual({
      message: messages.validation.productRequired,
      code: 'VALIDATION_ERROR',
    });
    for (const days of [0, -1, 1.5, 1e12, '3']) {
      const response = await t.as(admin).post(`/api/users/${user.id}/subscriptions`, {
        productId: product.id,
        days,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(
      (await t.as(admin).post('/api/users/nao-existe/subscriptions', { productId: product.id }))
        .statusCode,
    ).toBe(404);
    const unknownProduct = await t.as(admin).post(`/api/users/${user.id}/subscriptions`, {
      productId: 'nao-existe',
    });
    expect(unknownProduct.json()).toEqual({ message: text.productNotFound, code: 'NOT_FOUND' });
  });

  it('adds and removes days, never below now', async () => {
    const user = await t.createUser({ username: 'dias' });
    const product = await t.fixtures.product({ name: 'Dias' });
    const now = t.clock.now();
    const sub = await t.fixtures.subscription(user.id, product.id, { expiresAt: now + 10 * DAY });
    const days = (value: unknown) =>
      t.as(admin).patch(`/api/users/subscriptions/${sub.id}/days`, { days: value });

    expect((await days(5)).json()).toEqual({ message: text.daysUpdated });
    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({ expires_at: now + 15 * DAY });
    await days(-4);
    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({ expires_at: now + 11 * DAY });
    expect(await t.lastActivity()).toBe('Assinatura Dias de dias: -4 dias');
    await days(-100);
    expect(await t.fixtures.subscriptionRow(sub.id)).toMatchObject({ expires_at: now });

    const zero = await days(0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ message: text.daysNonZero, code: 'VALIDATION_ERROR' });
    expect((await days(2.5)).statusCode).toBe(400);
    expect((await days(Number.MAX_SAFE_INTEGER)).statusCode).toBe(400);
    const unknown = await t
      .as(admin)
      .patch('/api/users/subscriptions/nao-existe/days', { days: 1 });
    expect(unknown.json()).toEqual({ message: text.subscriptionNotFound, code: 'NOT_FOUND' });

    const paused = await t.fixtures.subscription((await t.createUser()).id, product.id, {
      status: 'paused',
      pausedRemainingMs: 2 * DAY,
    });
    await t.as(admin).patch(`/api/users/subscriptions/${paused.id}/days`, { days: -5 });
    expect(await t.fixtures.subscriptionRow(paused.id)).toMatchObject({ paused_remaining_ms: 0 });
  });

  it('removes a subscription', async () => {
    const user = await t.createUser({ username: 'remover' });
    const sub = await t.fixtures.subscription(
      user.id,
      (await t.fixtures.product({ name: 'Removido' })).id,
    );
    const response = await t.as(admin).delete(`/api/users/subscriptions/${sub.id}`);
    expect(response.json()).toEqual({ message: text.subscriptionRemoved });
    expect((await t.as(admin).get(`/api/users/${user.id}/subscriptions`)).json()).toEqual([]);
    expect(await t.lastActivity()).toBe('Assinatura Removido de remover removida');
    expect((await t.as(admin).delete(`/api/users/subscriptions/${sub.id}`)).statusCode).toBe(404);
  });
});

describe('PATCH /api/users/:id/account', () => {
  it('changes the username, then the e-mail, each alone', async () => {
    const user = await t.createUser({ username: 'antigo' });
    const rename = await t
      .as(admin)
      .patch(`/api/users/${user.id}/account`, { username: 'Renomeado' });
    expect(rename.json()).toEqual({ message: text.accountUpdated });
    expect(await t.lastActivity()).toBe('Conta de antigo alterada (username)');
    await t.as(admin).patch(`/api/users/${user.id}/account`, { email: 'Novo.Email@Example.com' });
    expect(
      (await t.as(admin).get('/api/users?q=renomeado')).json<Page<Row>>().items[0],
    ).toMatchObject({
      user: 'Renomeado',
      email: 'novo.email@example.com',
    });
    // Neither change ends the user's session.
    expect(await sessionWorks(user)).toBe(true);
  });

  it('changes the password, ending the old session, and accepts the reseller edit', async () => {
    const user = await t.createUser({ username: 'senha_user' });
    const response = await t.as(admin).patch(`/api/users/${user.id}/account`, {
      password: 'outra-senha-1',
    });
    expect(response.statusCode).toBe(200);
    expect(await sessionWorks(user)).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'senha_user', password: 'outra-senha-1' },
    });
    expect(login.statusCode).toBe(200);

    const edit = await t.as(admin).patch(`/api/users/${user.id}/account`, {
      username: 'senha_user2',
      email: 'senha_user2@example.com',
    });
    expect(edit.statusCode).toBe(200);
  });

  it('validates each field, requires one, and enforces uniqueness', async () => {
    const user = await t.createUser();
    await t.createUser({ username: 'tomado', email: 'tomado@example.com' });
    const cases: [object, string][] = [
      [{}, text.accountFieldRequired],
      [{ username: 'ab' }, messages.validation.usernameMin],
      [{ email: 'x' }, messages.validation.emailInvalid],
      [{ password: 'curta' }, messages.validation.passwordMin],
    ];
    for (const [payload, message] of cases) {
      const response = await t.as(admin).patch(`/api/users/${user.id}/account`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
    expect(
      (await t.as(admin).patch(`/api/users/${user.id}/account`, { role: 'admin' })).statusCode,
    ).toBe(400);
    const taken = await t.as(admin).patch(`/api/users/${user.id}/account`, { username: 'TOMADO' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: messages.auth.usernameTaken, code: 'USERNAME_TAKEN' });
    const email = await t.as(admin).patch(`/api/users/${user.id}/account`, {
      email: 'tomado@example.com',
    });
    expect(email.json()).toEqual({ message: messages.auth.emailTaken, code: 'EMAIL_TAKEN' });
    // Its own current name is no conflict.
    const own = await t.as(admin).patch(`/api/users/${user.id}/account`, {
      username: user.username.toUpperCase(),
    });
    expect(own.statusCode).toBe(200);
    expect(
      (await t.as(admin).patch('/api/users/nao-existe/account', { username: 'qualquer' }))
        .statusCode,
    ).toBe(404);
  });

  it('never sets an administrator’s e-mail or password, its own included (no re-auth there)', async () => {
    const other = await t.createUser({ role: 'admin', username: 'outro_admin' });
    for (const id of [other.id, admin.id]) {
      for (const payload of [{ password: 'tomada-de-conta' }, { email: 'invasor@example.com' }]) {
        const response = await t.as(admin).patch(`/api/users/${id}/account`, payload);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          message: accountMessages.adminCredentialsLocked,
          code: 'CANNOT_TARGET_ADMIN',
        });
      }
    }
    expect(await sessionWorks(other)).toBe(true);
    // The username stays the console's to change.
    const rename = await t
      .as(admin)
      .patch(`/api/users/${other.id}/account`, { username: 'admin_2' });
    expect(rename.statusCode).toBe(200);
  });
});
