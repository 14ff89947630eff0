import { createHash } from 'node:crypto';
import type { ApiToken, ApiTokenScope } from '@chaveiro/contract';
import { API_TOKEN_LIMITS, apiTokenMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = apiTokenMessages;
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;
let reseller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  reseller = await t.createUser({ role: 'reseller' });
});
afterAll(() => t.close());

/** As `user`, with a session signed now (tests move the clock by days). */
async function as(user: TestUser) {
  return { authorization: `Bearer ${await t.tokenFor(user)}` };
}

async function create(
  user: TestUser,
  payload: { name?: unknown; scopes?: unknown; expiresInDays?: unknown } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: await as(user),
    payload: { name: 'Loja', scopes: ['products:read'], ...payload },
  });
}

async function list(user: TestUser, query = 'pageSize=100') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/api-tokens?${query}`,
    headers: await as(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: ApiToken[]; total: number; page: number; pageSize: number }>();
}

async function revoke(user: TestUser, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/api-tokens/${id}`, headers: await as(user) });
}

describe('POST /api/api-tokens', () => {
  it('answers the secret once and keeps only its sha256', async () => {
    const response = await create(admin, {
      name: '  Bot do Discord ',
      scopes: ['keys:write', 'products:read', 'keys:write'],
      expiresInDays: 30,
    });

    expect(response.statusCode).toBe(201);
    const body = response.json<{ message: string; token: string; apiToken: ApiToken }>();
    expect(body.message).toBe(text.created);
    expect(body.token).toMatch(/^chv_live_[A-Za-z0-9_-]{43}$/);
    expect(body.apiToken).toEqual({
      id: expect.any(String) as string,
      name: 'Bot do Discord',
      prefix: body.token.slice(0, 'chv_live_'.length + API_TOKEN_LIMITS.visibleChars),
      scopes: ['products:read', 'keys:write'],
      status: 'active',
      createdAt: new Date(t.clock.now()).toISOString(),
      expiresAt: new Date(t.clock.now() + 30 * DAY).toISOString(),
      lastUsedAt: null,
      lastUsedIp: null,
      revokedAt: null,
      revokedReason: null,
    });

    const row = await t.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', body.apiToken.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(body.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.token.slice('chv_live_'.length));

    const listed = await list(admin);
    const item = listed.items.find((token) => token.id === body.apiToken.id);
    expect(item).toEqual(body.apiToken);
    expect(JSON.stringify(listed)).not.toContain(body.token);
    expect(await t.lastActivity()).toBe(text.logCreated('Bot do Discord', body.apiToken.prefix));
    const activity = await t.database.db
      .selectFrom('activity')
      .select(['type', 'actor_id', 'target'])
      .where('target', '=', `api-token:${body.apiToken.id}`)
      .executeTakeFirstOrThrow();
    expect(activity).toEqual({
      type: 'api_token.created',
      actor_id: admin.id,
      target: `api-token:${body.apiToken.id}`,
    });
  });

  it('creates a token that never expires when no expiry is given', async () => {
    const response = await create(admin, { expiresInDays: undefined });
    expect(response.json<{ apiToken: ApiToken }>().apiToken.expiresAt).toBeNull();
  });

  it('lets a reseller grant its scopes, never the admin ones (422)', async () => {
    const allowed = await create(reseller, {
      scopes: ['products:read', 'keys:read', 'keys:write'],
    });
    expect(allowed.statusCode).toBe(201);

    for (const scope of ['licenses:read', 'users:write', 'webhooks:manage'] as ApiTokenScope[]) {
      const refused = await create(reseller, { scopes: ['products:read', scope] });
      expect(refused.statusCode, scope).toBe(422);
      expect(refused.json()).toEqual({
        message: text.scopeNotAllowed,
        code: 'API_TOKEN_SCOPE_NOT_ALLOWED',
      });
    }
  });

  it('refuses clients (403) and callers without a session (401)', async () => {
    const client = await t.createUser();
    expect((await create(client)).statusCode).toBe(403);
    expect((await list(admin)).items.length).toBeGreaterThan(0);
    for (const method of ['GET', 'POST'] as const) {
      const anonymous = await t.app.inject({
        method,
        url: '/api/api-tokens',
        payload: method === 'POST' ? { name: 'x', scopes: ['products:read'] } : undefined,
      });
      expect(anonymous.statusCode).toBe(401);
    }
    const clientList = await t.app.inject({
      method: 'GET',
      url: '/api/api-tokens',
      headers: await as(client),
    });
    expect(clientList.statusCode).toBe(403);
  });

  it.each([
    [{ name: '' }, text.nameRequired],
    [{ name: '   ' }, text.nameRequired],
    [{ name: 'x'.repeat(API_TOKEN_LIMITS.nameMax + 1) }, text.nameMax],
    [{ scopes: [] }, text.scopesRequired],
    [{ scopes: 'products:read' }, text.scopesRequired],
    [{ scopes: ['products:delete'] }, text.scopeInvalid],
    [{ expiresInDays: 10 }, text.expiryInvalid],
    [{ expiresInDays: '30' }, text.expiryInvalid],
  ])('refuses %j with its pt-BR message', async (payload, message) => {
    const response = await create(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('refuses fields it does not know (no mass assignment)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: await as(admin),
      payload: { name: 'x', scopes: ['products:read'], ownerId: reseller.id },
    });
    expect(response.statusCode).toBe(400);
  });

  it(`allows ${API_TOKEN_LIMITS.activeMax} live tokens; revoked and expired ones do not count`, async () => {
    const owner = await t.createUser({ role: 'reseller' });
    const first = await create(owner, { expiresInDays: 7 });
    const second = await create(owner);
    for (let made = 2; made < API_TOKEN_LIMITS.activeMax; made += 1) {
      expect((await create(owner)).statusCode).toBe(201);
    }
    const over = await create(owner);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: text.tooMany, code: 'API_TOKEN_LIMIT' });

    await revoke(owner, second.json<{ apiToken: ApiToken }>().apiToken.id);
    expect((await create(owner)).statusCode).toBe(201);
    expect((await create(owner)).statusCode).toBe(409);

    t.clock.advance(7 * DAY);
    expect(first.json<{ apiToken: ApiToken }>().apiToken.status).toBe('active');
    expect((await create(owner)).statusCode).toBe(201);
    const statuses = (await list(owner)).items.map((token) => token.status);
    expect(statuses.filter((status) => status === 'expired')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'revoked')).toHaveLength(1);
  });
  it('creates only up to the limit when creations race', async () => {
    const owner = await t.createUser({ role: 'admin' });
    for (let made = 0; made < API_TOKEN_LIMITS.activeMax - 2; made += 1) {
      expect((await create(owner)).statusCode).toBe(201);
    }
    const headers = await as(owner);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/api-tokens',
          headers,
          payload: { name: 'Corrida', scopes: ['products:read'] },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    expect((await list(owner)).total).toBe(API_TOKEN_LIMITS.activeMax);
  });
});

describe('GET /api/api-tokens', () => {
  it('pages only the caller’s own tokens, newest first', async () => {
    const owner = await t.createUser({ role: 'admin' });
    const names = ['primeiro', 'segundo', 'terceiro'];
    for (const name of names) {
      await create(owner, { name });
      t.clock.advance(1000);
    }
    await create(reseller, { name: 'de outro' });

    const firstPage = await list(owner, 'page=1&pageSize=2');
    expect(firstPage).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(firstPage.items.map((token) => token.name)).toEqual(['terceiro', 'segundo']);
    const secondPage = await list(owner, 'page=2&pageSize=2');
    expect(secondPage.items.map((token) => token.name)).toEqual(['primeiro']);
  });
});

describe('DELETE /api/api-tokens/{id}', () => {
  it('revokes the caller’s own token once and logs it', async () => {
    const created = (await create(admin, { name: 'Revogar' })).json<{ apiToken: ApiToken }>();
    const { id, prefix } = created.apiToken;

    const response = await revoke(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: text.revoked });
    expect(await t.lastActivity()).toBe(text.logRevoked('Revogar', prefix));
    const item = (await list(admin)).items.find((token) => token.id === id);
    expect(item).toMatchObject({
      status: 'revoked',
      revokedAt: new Date(t.clock.now()).toISOString(),
      revokedReason: 'owner',
    });

    const again = await revoke(admin, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: text.alreadyRevoked, code: 'API_TOKEN_REVOKED' });
  });

  it('answers 404 for another account’s token and for an unknown id', async () => {
    const created = (await create(reseller)).json<{ apiToken: ApiToken }>();
    for (const id of [created.apiToken.id, 'nao-existe']) {
      const response = await revoke(admin, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: text.notFound, code: 'NOT_FOUND' });
    }
    expect(
      (await list(reseller)).items.find((token) => token.id === created.apiToken.id),
    ).toMatchObject({ status: 'active' });
  });
});
