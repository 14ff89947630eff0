import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.resellers;
const v = messages.validation;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_rev' });
});
afterAll(() => t.close());

async function newReseller(initialBalance = 0) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const response = await t.as(admin).post('/api/resellers', {
    type: 'new',
    username: `rev_${suffix}`,
    email: `rev_${suffix}@example.com`,
    password: 'senha-forte-1',
    initialBalance,
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json<{ id: string }>().id, username: `rev_${suffix}` };
}

async function ledgerOf(id: string) {
  const response = await t.as(admin).get(`/api/resellers/${id}/ledger?pageSize=100`);
  expect(response.statusCode).toBe(200);
  return response.json<{
    items: { amount: number; balance_after: number; reason: string; actor: string | null }[];
    total: number;
  }>();
}

async function balanceOf(id: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('balance_cents')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

describe('POST /api/resellers', () => {
  it('creates a verified reseller who can log in, with the initial balance in the ledger', async () => {
    const response = await t.as(admin).post('/api/resellers', {
      type: 'new',
      username: 'Loja_Nova',
      email: 'LOJA.nova@example.com',
      password: 'senha-forte-1',
      initialBalance: 150.5,
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(response.json()).toEqual({ message: text.created, id, balance: 150.5 });
    expect(await balanceOf(id)).toBe(15_050);
    expect(await t.lastActivity()).toContain('Revendedor Loja_Nova criado');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'loja.nova@example.com', password: 'senha-forte-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'reseller' });

    const ledger = await ledgerOf(id);
    expect(ledger.items).toEqual([
      expect.objectContaining({
        amount: 150.5,
        balance_after: 150.5,
        reason: text.reasonInitial,
        actor: 'chefe_rev',
      }),
    ]);
  });

  it('promotes an existing client, ending their old sessions', async () => {
    const client = await t.createUser({ role: 'client' });
    const response = await t.as(admin).post('/api/resellers', {
      type: 'existing',
      userId: client.id,
      // The form keeps the other type's fields; they are ignored.
      username: '',
      email: '',
      password: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: text.promoted, id: client.id, balance: 0 });
    const row = await t.database.db
      .selectFrom('users')
      .select(['role', 'token_version'])
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'reseller', token_version: 1 });
    const old = await t.as(client).get('/api/client/dashboard');
    expect(old.statusCode).toBe(401);
    expect((await ledgerOf(client.id)).total).toBe(0);
  });

  it('promotes only clients (409) and answers 404 for an unknown user', async () => {
    const reseller = await t.createUser({ role: 'reseller' });
    for (const user of [reseller, admin]) {
      const response = await t
        .as(admin)
        .post('/api/resellers', { type: 'existing', userId: user.id });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: text.notAClient, code: 'NOT_A_CLIENT' });
    }
    const missing = await t.as(admin).post('/api/resellers', { type: 'existing', userId: 'nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: messages.admin.userNotFound });
  });

  it.each([
    [{ type: 'existing' }, v.resellerFieldsRequired],
    [{ type: 'existing', userId: '  ' }, v.resellerFieldsRequired],
    [{ type: 'new', username: 'abc', email: 'a@b.com' }, v.resellerFieldsRequired],
    [
      { type: 'new', username: '', email: 'a@b.com', password: '12345678' },
      v.resellerFieldsRequired,
    ],
    [{ type: 'outro', userId: 'x' }, v.resellerFieldsRequired],
    [{ userId: 'x' }, v.resellerFieldsRequired],
    [
      { type: 'new', username: 'abcd', email: 'invalido', password: '12345678' },
      v.resellerEmailInvalid,
    ],
    [
      { type: 'new', username: 'ab', email: 'a@b.com', password: '12345678' },
      v.resellerUsernameMin,
    ],
    [{ type: 'new', username: 'abcd', email: 'a@b.com', password: '1234567' }, v.passwordMin],
    [{ type: 'existing', userId: 'x', initialBalance: -1 }, text.initialBalanceInvalid],
    [{ type: 'existing', userId: 'x', initialBalance: 1.005 }, text.initialBalanceInvalid],
    [{ type: 'existing', userId: 'x', initialBalance: 1_000_000.01 }, text.amountTooLarge],
  ])('refuses %j with the spec message', async (payload, message) => {
    const response = await t.as(admin).post('/api/resellers', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('refuses fields a form may not set (mass assignment)', async () => {
    const response = await t.as(admin).post('/api/resellers', {
      type: 'new',
      username: 'malandro',
      email: 'malandro@example.com',
      password: '12345678',
      role: 'admin',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 409 for a taken username or e-mail', async () => {
    const taken = await t.createUser({ username: 'ja_existe', email: 'ja@example.com' });
    const byName = await t.as(admin).post('/api/resellers', {
      type: 'new',
      username: 'JA_EXISTE',
      email: 'outro@example.com',
      password: '12345678',
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    const byEmail = await t.as(admin).post('/api/resellers', {
      type: 'new',
      username: 'outro_nome',
      email: taken.email.toUpperCase(),
      password: '12345678',
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
  });
});

describe('GET /api/resellers', () => {
  it('lists only resellers with the balance in reais, searchable', async () => {
    const { id, username } = await newReseller(12.34);
    const response = await t.as(admin).get(`/api/resellers?q=${username.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id,
          username,
          email: `${username}@example.com`,
          balance: 12.34,
          status: 'active',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    const all = await t.as(admin).get('/api/resellers?pageSize=100');
    const roles = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'reseller')
      .execute();
    expect(all.json<{ total: number }>().total).toBe(roles.length);
  });
});

describe('PATCH /api/resellers/{id}/balance', () => {
  it('adds and removes balance, logging each change', async () => {
    const { id, username } = await newReseller(10);
    const add = await t.as(admin).patch(`/api/resellers/${id}/balance`, { amount: 0.1 });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ message: text.balanceUpdated, balance: 10.1 });
    expect(await t.lastActivity()).toContain(`Saldo de ${username}: +R$`);
    const remove = await t.as(admin).patch(`/api/resellers/${id}/balance`, { amount: -10.1 });
    expect(remove.json()).toEqual({ message: text.balanceUpdated, balance: 0 });
    const ledger = await ledgerOf(id);
    expect(ledger.items.map((entry) => [entry.amount, entry.balance_after])).toEqual([
      [-10.1, 0],
      [0.1, 10.1],
      [10, 10],
    ]);
  });

  it('refuses a removal below zero with 409 and changes nothing', async () => {
    const { id } = await newReseller(5);
    const response = await t.as(admin).patch(`/api/resellers/${id}/balance`, { amount: -5.01 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: text.insufficientBalance,
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await balanceOf(id)).toBe(500);
    expect((await ledgerOf(id)).total).toBe(1);
  });

  it('keeps every one of 50 concurrent adjustments and the ledger explains the balance', async () => {
    // Starts high enough that every removal succeeds in whatever order they commit.
    const { id } = await newReseller(100);
    const amounts = Array.from({ length: 50 }, (_, i) => (i % 5 === 4 ? -0.5 : 1.25));
    const responses = await Promise.all(
      amounts.map((amount) => t.as(admin).patch(`/api/resellers/${id}/balance`, { amount })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(amounts.map(() => 200));
    const expected = amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 10_000);
    expect(await balanceOf(id)).toBe(expected);
    const ledger = await ledgerOf(id);
    expect(ledger.total).toBe(51);
    expect(Math.round(ledger.items.reduce((sum, entry) => sum + entry.amount * 100, 0))).toBe(
      expected,
    );
    // Each line starts where another ended (or at 0) and the last ends at the balance: a chain.
    const cents = (reais: number) => Math.round(reais * 100);
    const starts = ledger.items.map((entry) => cents(entry.balance_after - entry.amount));
    const ends = ledger.items.map((entry) => cents(entry.balance_after));
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    expect(sorted([...starts, expected])).toEqual(sorted([0, ...ends]));
  });

  it('never lets concurrent removals overdraw the balance', async () => {
    const { id } = await newReseller(10);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.as(admin).patch(`/api/resellers/${id}/balance`, { amount: -1 }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(10);
    expect(await balanceOf(id)).toBe(0);
  });

  it.each([0, 1.001, Number.MAX_VALUE, 1_000_000.01, -1_000_000.01, '10'])(
    'refuses the amount %j',
    async (amount) => {
      const { id } = await newReseller(0);
      const response = await t.as(admin).patch(`/api/resellers/${id}/balance`, { amount });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(
        new RegExp(`${text.amountInvalid}|${text.amountTooLarge}`.replace(/[.$]/g, '\\$&')),
      );
    },
  );

  it('answers 404 for an unknown user or one who is not a reseller', async () => {
    const client = await t.createUser();
    for (const id of ['nope', client.id]) {
      const response = await t.as(admin).patch(`/api/resellers/${id}/balance`, { amount: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: text.notFound, code: 'NOT_FOUND' });
    }
    expect((await t.as(admin).get(`/api/resellers/${client.id}/ledger`)).statusCode).toBe(404);
  });
});

describe('reseller edit dialog and ban (user routes)', () => {
  it('changes username and e-mail, and bans and unbans a reseller', async () => {
    const { id } = await newReseller(0);
    const edit = await t.as(admin).patch(`/api/users/${id}/account`, {
      username: 'rev_editado',
      email: 'rev.editado@example.com',
    });
    expect(edit.statusCode).toBe(200);
    const short = await t.as(admin).patch(`/api/users/${id}/account`, { username: 'ab' });
    expect(short.statusCode).toBe(400);
    const ban = await t.as(admin).patch(`/api/users/${id}/status`, { status: 'banned' });
    expect(ban.statusCode).toBe(200);
    const list = await t.as(admin).get('/api/resellers?q=rev_editado');
    expect(list.json()).toMatchObject({
      items: [{ id, username: 'rev_editado', email: 'rev.editado@example.com', status: 'banned' }],
    });
  });
});
