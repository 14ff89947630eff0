import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiTokenScope } from '@chaveiro/contract';
import {
  API_TOKEN_LIMITS,
  apiTokenMessages,
  idempotencyKeyHeadersSchema,
  messages,
  sellerApiMessages,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.js';
import { apiActorOf } from '../../platform/http/api-token-auth.js';
import { newId } from '../../platform/core/ids.js';
import { sellerApiPostErrors, sellerApiRoute } from '../../platform/http/route-schemas.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const INVALID = { message: apiTokenMessages.invalid, code: 'API_TOKEN_INVALID' };
const MINUTE = 60_000;

/** Gates the probe route's answer while a test looks at the pending key. */
let hold: Promise<void> | undefined;

/**
 * A test-only POST on the v1 scope with a side effect counted in the database: each run
 * writes one activity row named by the body's `note`. `fail: true` answers 500 after writing.
 */
const probeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/probe',
    sellerApiRoute(app.requireApiToken('keys:write'), ['test'], {
      headers: idempotencyKeyHeadersSchema,
      body: z.strictObject({ note: z.string().max(100), fail: z.boolean().optional() }),
      response: { 201: z.object({ run: z.string(), note: z.string() }), ...sellerApiPostErrors },
    }),
    async (request, reply) => {
      const actor = apiActorOf(request);
      const run = newId();
      await t.database.db
        .insertInto('activity')
        .values({
          id: run,
          actor_id: actor.userId,
          actor_name: actor.username,
          type: 'legacy',
          action: `probe:${request.body.note}`,
          target: null,
          ip: actor.ip,
          created_at: t.clock.now(),
        })
        .execute();
      await sleep(150);
      if (hold) await hold;
      if (request.body.fail) throw new Error('probe failure');
      return reply.code(201).send({ run, note: request.body.note });
    },
  );
  app.get(
    '/probe-admin',
    sellerApiRoute(app.requireApiToken('users:write'), ['test'], {
      response: { 200: z.object({ ok: z.boolean() }), ...sellerApiPostErrors },
    }),
    () => ({ ok: true }),
  );
  done();
};

let t: TestApp;
let admin: TestUser;
let reseller: TestUser;

beforeAll(async () => {
  t = await createTestApp({ sellerApiRoutes: [probeRoutes] });
  admin = await t.createUser({ role: 'admin' });
  reseller = await t.createUser({ role: 'reseller' });
});
afterAll(() => t.close());

async function newToken(
  owner: TestUser,
  scopes: ApiTokenScope[],
  expiresInDays: number | null = null,
): Promise<{ id: string; token: string; auth: { authorization: string } }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: { authorization: `Bearer ${await t.tokenFor(owner)}` },
    payload: { name: 'Loja', scopes, expiresInDays },
  });
  expect(created.statusCode).toBe(201);
  const body = created.json<{ token: string; apiToken: { id: string } }>();
  return {
    id: body.apiToken.id,
    token: body.token,
    auth: { authorization: `Bearer ${body.token}` },
  };
}

function products(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/v1/products', headers });
}

async function probeRuns(note: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('activity')
    .select('id')
    .where('action', '=', `probe:${note}`)
    .execute();
  return rows.length;
}

function probe(headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/v1/probe', headers, payload });
}

describe('GET /api/v1/products', () => {
  it('lists the products on sale with their plans in reais', async () => {
    const onSale = await t.fixtures.product({ name: 'AAA Catálogo', plans: { monthly: 4990 } });
    await t.fixtures.product({ name: 'AAA Sem planos' });
    const { auth } = await newToken(reseller, ['products:read']);

    const response = await products(auth);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = response.json<{ items: { id: string; name: string }[] }>();
    expect(items.find((item) => item.id === onSale.id)).toEqual({
      id: onSale.id,
      name: 'AAA Catálogo',
      description: '',
      plans: { monthly: 49.9 },
    });
    expect(items.some((item) => item.name === 'AAA Sem planos')).toBe(false);
  });
});

describe('the API token guard', () => {
  it.each([
    ['no header', {}],
    ['a session JWT', 'session'],
    ['another scheme', { authorization: 'Basic Y2h2OnNlbmhh' }],
    ['a malformed token', { authorization: 'Bearer chv_live_curto' }],
    ['an unknown token', { authorization: `Bearer chv_live_${'A'.repeat(43)}` }],
    ['a huge header', { authorization: `Bearer chv_live_${'A'.repeat(6000)}` }],
  ])('refuses %s with 401 API_TOKEN_INVALID', async (_case, headers) => {
    const response = await products(headers === 'session' ? admin.headers : headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a token at once on the next request after its revocation', async () => {
    const { id, auth } = await newToken(admin, ['products:read']);
    expect((await products(auth)).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${id}`,
      headers: { authorization: `Bearer ${await t.tokenFor(admin)}` },
    });
    expect(revoked.statusCode).toBe(200);

    const after = await products(auth);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(INVALID);
  });

  it('refuses on another app instance a token revoked through this one', async () => {
    const other = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    await other.ready();
    try {
      const { id, auth } = await newToken(admin, ['products:read']);
      const onOther = () => other.inject({ method: 'GET', url: '/api/v1/products', headers: auth });
      expect((await onOther()).statusCode).toBe(200);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/api-tokens/${id}`,
        headers: { authorization: `Bearer ${await t.tokenFor(admin)}` },
      });
      expect(revoked.statusCode).toBe(200);
      expect((await onOther()).json()).toEqual(INVALID);
    } finally {
      await other.close();
    }
  });

  it('refuses a token once it has expired', async () => {
    const { auth } = await newToken(admin, ['products:read'], 7);
    t.clock.advance(7 * 24 * 60 * MINUTE - 1);
    expect((await products(auth)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await products(auth)).json()).toEqual(INVALID);
  });

  it('refuses the token of a banned owner, a reseller made client, and a deleted owner', async () => {
    for (const change of ['ban', 'demote', 'delete'] as const) {
      const owner = await t.createUser({ role: 'reseller' });
      const { auth } = await newToken(owner, ['products:read']);
      expect((await products(auth)).statusCode).toBe(200);
      if (change === 'delete') {
        await t.database.db.deleteFrom('users').where('id', '=', owner.id).execute();
      } else {
        await t.database.db
          .updateTable('users')
          .set(change === 'ban' ? { status: 'banned' } : { role: 'client' })
          .where('id', '=', owner.id)
          .execute();
      }
      const after = await products(auth);
      expect(after.statusCode, change).toBe(401);
      expect(after.json()).toEqual(INVALID);
    }
  });

  it('keeps only reseller scopes for an admin made reseller', async () => {
    const owner = await t.createUser({ role: 'admin' });
    const { auth } = await newToken(owner, ['products:read', 'keys:write', 'users:write']);
    const probeAdmin = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/probe-admin', headers: auth });
    expect((await probeAdmin()).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ role: 'reseller' })
      .where('id', '=', owner.id)
      .execute();
    expect((await products(auth)).statusCode).toBe(200);
    // keys:write is a reseller scope: the probe is still admitted.
    expect((await probe(auth, { note: 'demoted-admin' })).statusCode).toBe(201);
    const refused = await probeAdmin();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: apiTokenMessages.missingScope('users:write'),
      code: 'API_TOKEN_SCOPE',
    });
  });

  it('refuses a route whose scope the token lacks with 403 API_TOKEN_SCOPE', async () => {
    const { auth } = await newToken(admin, ['keys:read']);
    const response = await products(auth);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: apiTokenMessages.missingScope('products:read'),
      code: 'API_TOKEN_SCOPE',
    });
  });

  it('records the last use (time and IP) in the list', async () => {
    const { id, auth } = await newToken(admin, ['products:read']);
    await products(auth);
    await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: auth });
    let item: { lastUsedAt: string | null; lastUsedIp: string | null } | undefined;
    for (let attempt = 0; attempt < 50 && !item?.lastUsedAt; attempt += 1) {
      await sleep(20);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/api-tokens?pageSize=100',
        headers: { authorization: `Bearer ${await t.tokenFor(admin)}` },
      });
      item = list
        .json<{ items: ({ id: string } & NonNullable<typeof item>)[] }>()
        .items.find((row) => row.id === id);
    }
    expect(item).toMatchObject({
      lastUsedAt: new Date(t.clock.now()).toISOString(),
      lastUsedIp: '127.0.0.1',
    });
  });
});

describe('the /api/v1 scope', () => {
  it('answers unknown paths with the JSON 404, with or without a token', async () => {
    const { auth } = await newToken(admin, ['products:read']);
    for (const headers of [auth, {}]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url: '/api/v1/nada', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          message: messages.errors.routeNotFound,
          code: 'NOT_FOUND',
        });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('answers 503 in maintenance mode except to an admin-owned token', async () => {
    const adminToken = await newToken(admin, ['products:read']);
    const resellerToken = await newToken(reseller, ['products:read']);
    const setMaintenance = async (value: 'on' | 'off') => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: { authorization: `Bearer ${await t.tokenFor(admin)}` },
        payload: { key: 'maintenance_mode', value },
      });
      expect(response.statusCode).toBe(200);
    };
    await setMaintenance('on');
    try {
      expect((await products(adminToken.auth)).statusCode).toBe(200);
      const refused = await products(resellerToken.auth);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        message: messages.settings.maintenance,
        code: 'MAINTENANCE',
      });
    } finally {
      await setMaintenance('off');
    }
  });

  it('counts each token in its own window, tells the budget and answers 429 past it', async () => {
    const { auth } = await newToken(admin, ['products:read']);
    const other = await newToken(admin, ['products:read']);
    const max = API_TOKEN_LIMITS.rateLimitMax;
    for (let call = 1; call <= max; call += 1) {
      const response = await products(auth);
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(max));
      expect(response.headers['ratelimit-remaining']).toBe(String(max - call));
      const reset = Number(response.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(API_TOKEN_LIMITS.rateLimitWindowMs / 1000);
    }
    const limited = await products(auth);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: messages.errors.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const elsewhere = await products(other.auth);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['ratelimit-remaining']).toBe(String(max - 1));
  });

  it('refuses malformed, huge and deeply nested bodies with a 4xx in pt-BR', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const json = { ...auth, 'content-type': 'application/json' };
    const nested = '{"note":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const cases = [
      '{"note":',
      nested,
      JSON.stringify({ note: 'x'.repeat(2_000_000) }),
      JSON.stringify({ note: 'ok', role: 'admin' }),
      '"só texto"',
    ];
    for (const payload of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers: json,
        payload,
      });
      expect(response.statusCode, payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload.slice(0, 40)).toBeLessThan(500);
      const body = response.json<{ message: string; code: string }>();
      expect(body.code).toMatch(/^[A-Z_]+$/);
      expect(body.message).not.toMatch(/Unexpected|Body|JSON at position/);
    }
  });
});

describe('Idempotency-Key on POST', () => {
  it('runs a POST without the header each time', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    await probe(auth, { note: 'no-key' });
    await probe(auth, { note: 'no-key' });
    expect(await probeRuns('no-key')).toBe(2);
  });

  it('replays the first answer to a retry with Idempotent-Replayed and runs once', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const headers = { ...auth, 'idempotency-key': 'pedido-1001' };
    const first = await probe(headers, { note: 'replay' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await probe(headers, { note: 'replay' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await probeRuns('replay')).toBe(1);
  });

  it('shares keys between the tokens of one owner, not between owners', async () => {
    const one = await newToken(admin, ['keys:write']);
    const two = await newToken(admin, ['keys:write']);
    const stranger = await newToken(reseller, ['keys:write']);
    const key = { 'idempotency-key': 'compartilhada' };
    const first = await probe({ ...one.auth, ...key }, { note: 'owners' });
    const sameOwner = await probe({ ...two.auth, ...key }, { note: 'owners' });
    expect(sameOwner.headers['idempotent-replayed']).toBe('true');
    expect(sameOwner.json()).toEqual(first.json());
    const otherOwner = await probe({ ...stranger.auth, ...key }, { note: 'owners' });
    expect(otherOwner.headers['idempotent-replayed']).toBeUndefined();
    expect(await probeRuns('owners')).toBe(2);
  });

  it('refuses the same key with another request with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const headers = { ...auth, 'idempotency-key': 'pedido-2002' };
    expect((await probe(headers, { note: 'reuse-a' })).statusCode).toBe(201);
    const reused = await probe(headers, { note: 'reuse-b' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: sellerApiMessages.idempotencyKeyReused,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await probeRuns('reuse-b')).toBe(0);
  });

  it('runs two concurrent identical POSTs once and answers both the same', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const headers = { ...auth, 'idempotency-key': 'concorrente' };
    const [a, b] = await Promise.all([
      probe(headers, { note: 'concurrent' }),
      probe(headers, { note: 'concurrent' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']]).toContain('true');
    expect(await probeRuns('concurrent')).toBe(1);
  });

  it('does not keep a 5xx answer: the retry runs', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const headers = { ...auth, 'idempotency-key': 'falha-interna' };
    const failed = await probe(headers, { note: 'fails', fail: true });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ message: messages.errors.internal, code: 'INTERNAL_ERROR' });
    const retried = await probe(headers, { note: 'fails', fail: true });
    expect(retried.statusCode).toBe(500);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await probeRuns('fails')).toBe(2);
  });

  it('never reruns a request whose process stopped answering: 409 IDEMPOTENCY_ABANDONED', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const headers = { ...auth, 'idempotency-key': 'abandonada' };
    let release!: () => void;
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const stuck = probe(headers, { note: 'abandoned' });
    while ((await probeRuns('abandoned')) === 0) await sleep(10);

    t.clock.advance(61_000);
    const retry = await probe(headers, { note: 'abandoned' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({
      message: sellerApiMessages.idempotencyAbandoned,
      code: 'IDEMPOTENCY_ABANDONED',
    });
    release();
    hold = undefined;
    expect((await stuck).statusCode).toBe(201);
    expect(await probeRuns('abandoned')).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS when the first request outlasts the wait', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const headers = { ...auth, 'idempotency-key': 'demorada' };
    let release!: () => void;
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const slow = probe(headers, { note: 'slow' });
    while ((await probeRuns('slow')) === 0) await sleep(10);
    const waiting = await probe(headers, { note: 'slow' });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({
      message: sellerApiMessages.idempotencyInProgress,
      code: 'IDEMPOTENCY_IN_PROGRESS',
    });
    release();
    hold = undefined;
    expect((await slow).statusCode).toBe(201);
    expect(await probeRuns('slow')).toBe(1);
  }, 15_000);

  it('forgets a key after 24 hours', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const headers = { ...auth, 'idempotency-key': 'um-dia' };
    await probe(headers, { note: 'day' });
    t.clock.advance(24 * 60 * MINUTE);
    const later = await probe(headers, { note: 'day' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await probeRuns('day')).toBe(2);
  });

  it('prunes the keys older than 24 hours when a new key is claimed', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    await probe({ ...auth, 'idempotency-key': 'velha' }, { note: 'prune' });
    t.clock.advance(24 * 60 * MINUTE + MINUTE);
    const stale = () =>
      t.database.db
        .selectFrom('api_idempotency_keys')
        .select('idempotency_key')
        .where('created_at', '<', t.clock.now() - 24 * 60 * MINUTE)
        .execute();
    expect((await stale()).length).toBeGreaterThan(0);

    await probe({ ...auth, 'idempotency-key': 'nova' }, { note: 'prune' });
    for (let attempt = 0; attempt < 100 && (await stale()).length > 0; attempt += 1) {
      await sleep(20);
    }
    expect(await stale()).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'chave-ç'],
    ['control characters', 'a\tb'],
  ])('refuses an Idempotency-Key that is %s with 400', async (_case, key) => {
    const { auth } = await newToken(admin, ['keys:write']);
    const response = await probe({ ...auth, 'idempotency-key': key }, { note: 'bad-key' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: sellerApiMessages.idempotencyKeyInvalid,
      code: 'IDEMPOTENCY_KEY_INVALID',
    });
    expect(await probeRuns('bad-key')).toBe(0);
  });

  it('accepts a key of 255 visible characters', async () => {
    const { auth } = await newToken(admin, ['keys:write']);
    const response = await probe(
      { ...auth, 'idempotency-key': 'k'.repeat(255) },
      { note: 'long-key' },
    );
    expect(response.statusCode).toBe(201);
  });
});
