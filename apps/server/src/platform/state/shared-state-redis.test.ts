import type { KeyObject } from 'node:crypto';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import type { LoaderAuthSuccess, LoaderEnvelope, LoaderPublicKey } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import type { TestRedisServer } from '../../testing/redis-server.js';
import {
  freePort,
  redisServerMissing,
  spawnRedisServer,
  uniqueKeyPrefix,
} from '../../testing/redis-server.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createSecondNode, createTestApp } from '../../testing/test-app.js';
import { createTestClient } from '../../testing/test-client.js';
import { sharedCountCache } from './count-cache.js';
import { createRedisSharedState } from './shared-state-redis.js';

if (redisServerMissing) console.warn(redisServerMissing);

/**
 * Two nodes of one installation (two apps on one database and one Redis, as two server
 * processes behind a load balancer) and what they must agree on. The Redis server is this
 * file's own, so a test can stop it and start it again.
 */
describe.skipIf(redisServerMissing !== undefined)('two nodes sharing one Redis', () => {
  let redis: TestRedisServer;
  let a: TestApp;
  let b: App;
  let admin: TestUser;
  let publicKey: KeyObject;
  const logs: string[] = [];

  beforeAll(async () => {
    redis = await spawnRedisServer();
    a = await createTestApp({
      env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: uniqueKeyPrefix() },
    });
    b = await createSecondNode(a, { logStream: { write: (line) => void logs.push(line) } });
    admin = await a.createUser({ role: 'admin' });
    const key = await a.app.inject({ method: 'GET', url: '/api/loader/public-key' });
    publicKey = createPublicKey(key.json<LoaderPublicKey>().pem);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redis.stop();
  });

  const newNonce = () => randomBytes(16).toString('base64url');
  const newHwid = () => `PC-${randomBytes(6).toString('hex').toUpperCase()}`;

  /** A loader call whose answer must be signed with the published key, whatever it says. */
  async function loader(
    node: App,
    url: string,
    body: Record<string, unknown>,
    ip?: string,
  ): Promise<{ status: number; data: { ok: boolean; code?: string; session?: string } }> {
    const response = await createTestClient(node, null, { ip }).post(url, body);
    const signature = String(response.headers['x-signature']);
    expect(verify(null, response.rawPayload, publicKey, Buffer.from(signature, 'base64'))).toBe(
      true,
    );
    const envelope = response.json<LoaderEnvelope<{ ok: boolean; code?: string }>>();
    return { status: response.statusCode, data: envelope.data };
  }

  /** A client with a running subscription and a loader session opened on node A. */
  async function openSession(): Promise<{ session: string; account: TestUser }> {
    const account = await a.createUser();
    const product = await a.fixtures.product();
    await a.fixtures.subscription(account.id, product.id);
    const opened = await loader(a.app, '/api/loader/auth', {
      nonce: newNonce(),
      hwid: newHwid(),
      productId: product.id,
      identifier: account.username,
      password: account.password,
    });
    expect(opened.data, JSON.stringify(opened.data)).toMatchObject({ ok: true });
    return { session: (opened.data as LoaderAuthSuccess).session, account };
  }

  it('keeps its shared state in Redis on both nodes', () => {
    expect(a.app.sharedState.kind).toBe('redis');
    expect(b.sharedState.kind).toBe('redis');
  });

  it('refuses on node B a heartbeat replayed from node A (same nonce)', async () => {
    const { session } = await openSession();
    const body = { session, nonce: newNonce() };
    expect((await loader(a.app, '/api/loader/heartbeat', body)).data).toMatchObject({ ok: true });

    const replayed = await loader(b, '/api/loader/heartbeat', body);
    expect(replayed.status).toBe(409);
    expect(replayed.data).toEqual({
      ok: false,
      code: 'NONCE_REUSED',
      message: messages.loader.refusals.NONCE_REUSED,
    });
    // The same session with a fresh nonce is welcome on B.
    const fresh = await loader(b, '/api/loader/heartbeat', { session, nonce: newNonce() });
    expect(fresh.data).toMatchObject({ ok: true });
  });

  it('counts a rate limit over the calls made to both nodes', async () => {
    const ip = '10.9.1.1';
    const subscribe = (node: App, n: number) =>
      node.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: `leitor${String(n)}@example.com` },
        remoteAddress: ip,
      });
    // newsletter-ip: 5 an hour per IP, three through A and two through B.
    for (const n of [1, 2, 3]) expect((await subscribe(a.app, n)).statusCode).toBe(200);
    for (const n of [4, 5]) expect((await subscribe(b, n)).statusCode).toBe(200);

    for (const node of [a.app, b]) {
      const limited = await subscribe(node, 6);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        message: messages.errors.tooManyRequests,
        code: 'TOO_MANY_REQUESTS',
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
  });

  it('limits heartbeats per machine across both nodes', async () => {
    const { session } = await openSession();
    const heartbeat = (node: App) =>
      loader(node, '/api/loader/heartbeat', { session, nonce: newNonce() });
    // loader-heartbeat: 20 a minute per machine, half through each node.
    for (let call = 0; call < 10; call += 1) {
      expect((await heartbeat(a.app)).data).toMatchObject({ ok: true });
      expect((await heartbeat(b)).data).toMatchObject({ ok: true });
    }
    const limited = await heartbeat(b);
    expect(limited.status).toBe(429);
    expect(limited.data.code).toBe('RATE_LIMITED');
  });

  it('answers 503 on node B as soon as maintenance is set through node A', async () => {
    const client = await a.createUser();
    const dashboard = () =>
      b.inject({ method: 'GET', url: '/api/client/dashboard', headers: client.headers });
    // B has read (and cached) the settings; the test clock never moves, so that copy would
    // never expire: only A's announcement can make B see the change.
    expect((await dashboard()).statusCode).toBe(200);

    const set = await a.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: admin.headers,
      payload: { key: 'maintenance_mode', value: 'on' },
    });
    expect(set.statusCode).toBe(200);
    try {
      await vi.waitFor(
        async () => {
          const blocked = await dashboard();
          expect(blocked.statusCode).toBe(503);
          expect(blocked.json()).toEqual({
            message: messages.settings.maintenance,
            code: 'MAINTENANCE',
          });
        },
        { timeout: 1_000, interval: 20 },
      );
    } finally {
      const off = await a.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: admin.headers,
        payload: { key: 'maintenance_mode', value: 'off' },
      });
      expect(off.statusCode).toBe(200);
    }
    await vi.waitFor(async () => expect((await dashboard()).statusCode).toBe(200), {
      timeout: 1_000,
      interval: 20,
    });
  });

  it('reports two rate-limit rules of one name, which would share their windows', () => {
    const windows = b.sharedState.rateWindows;
    expect(windows).not.toBeNull();
    windows?.forRule({ name: 'regra-repetida', windowMs: 60_000 });
    windows?.forRule({ name: 'regra-repetida', windowMs: 60_000 });
    const reported = logs.filter((line) =>
      line.includes('two rate-limit rules share a name, and so their windows'),
    );
    expect(reported).toHaveLength(1);
    expect(reported[0]).toContain('regra-repetida');
  });

  it('drops a count cache on every node when one node clears it', async () => {
    const prefix = uniqueKeyPrefix();
    const log = a.app.log;
    const nodeA = await createRedisSharedState({ url: redis.url, keyPrefix: prefix, log });
    const nodeB = await createRedisSharedState({ url: redis.url, keyPrefix: prefix, log });
    try {
      let total = 7;
      const count = () => Promise.resolve(total);
      // An hour of TTL: only the announcement can refresh B's copy within this test.
      const onA = sharedCountCache(nodeA, 'totals', 3_600_000);
      const onB = sharedCountCache(nodeB, 'totals', 3_600_000);
      expect(await onB.get('all', count)).toBe(7);
      total = 8;
      expect(await onB.get('all', count)).toBe(7);

      onA.clear();
      await vi.waitFor(async () => expect(await onB.get('all', count)).toBe(8), {
        timeout: 1_000,
        interval: 10,
      });
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  // Opened while Redis was up, used once it is down.
  let sessionOpenedBeforeTheOutage: Promise<{ session: string }>;
  beforeAll(() => {
    sessionOpenedBeforeTheOutage = openSession();
    return sessionOpenedBeforeTheOutage.then(() => undefined);
  });

  describe('while Redis is down', () => {
    beforeAll(() => redis.stop());
    afterAll(() => redis.start());

    it('answers ready with 503 REDIS_UNAVAILABLE while live still answers', async () => {
      for (const node of [a.app, b]) {
        const ready = await node.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          message: messages.health.redisUnavailable,
          code: 'REDIS_UNAVAILABLE',
        });
        const live = await node.inject({ method: 'GET', url: '/api/health/live' });
        expect(live.statusCode).toBe(200);
      }
    });

    it("keeps heartbeats going on each node's own nonces, still refusing a replay to the same node", async () => {
      const { session } = await sessionOpenedBeforeTheOutage;
      const nonce = newNonce();
      const renewed = await loader(b, '/api/loader/heartbeat', { session, nonce });
      expect(renewed.status).toBe(200);
      expect(renewed.data).toMatchObject({ ok: true });
      const replayed = await loader(b, '/api/loader/heartbeat', { session, nonce });
      expect(replayed.status).toBe(409);
      expect(replayed.data.code).toBe('NONCE_REUSED');
      expect(logs.some((line) => line.includes('Redis did not answer'))).toBe(true);
    });

    it('still logs a client in: its rate limits let calls through and say so in the log', async () => {
      const client = await a.createUser();
      const login = await createTestClient(b, null).post('/api/auth/login', {
        identifier: client.username,
        password: client.password,
      });
      expect(login.statusCode).toBe(200);
      expect(logs.some((line) => line.includes('Redis did not answer'))).toBe(true);
    });
  });

  it('is ready again once Redis is back, and claims nonces again', async () => {
    await vi.waitFor(
      async () => {
        const ready = await b.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(200);
      },
      { timeout: 10_000, interval: 100 },
    );
    const { session } = await sessionOpenedBeforeTheOutage;
    const nonce = newNonce();
    const first = await loader(b, '/api/loader/heartbeat', { session, nonce });
    expect(first.data).toMatchObject({ ok: true });
    const replayed = await loader(a.app, '/api/loader/heartbeat', { session, nonce });
    expect(replayed.data.code).toBe('NONCE_REUSED');
  });
});

describe('a node whose Redis is down when it starts', () => {
  let t: TestApp;
  let port: number;
  let startedInMs: number;

  beforeAll(async () => {
    port = await freePort();
    const started = Date.now();
    // Nothing listens there yet: every connection attempt is refused.
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${String(port)}` } });
    startedInMs = Date.now() - started;
  });
  afterAll(() => t.close());

  it('starts within a few seconds anyway, not ready until Redis answers, live meanwhile', async () => {
    expect(startedInMs).toBeLessThan(10_000);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      message: messages.health.redisUnavailable,
      code: 'REDIS_UNAVAILABLE',
    });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });

  it('serves the site: rate limits let calls through rather than answer 500', async () => {
    const client = await t.createUser();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: client.username, password: client.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.skipIf(redisServerMissing !== undefined)(
    'becomes ready once Redis starts, and hears the other nodes from then on',
    async () => {
      const redis = await spawnRedisServer(port);
      let other: App | undefined;
      try {
        await vi.waitFor(
          async () => {
            const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
            expect(ready.statusCode).toBe(200);
          },
          { timeout: 10_000, interval: 100 },
        );
        other = await createSecondNode(t);
        const client = await t.createUser();
        const admin = await t.createUser({ role: 'admin' });
        const dashboard = () =>
          t.app.inject({ method: 'GET', url: '/api/client/dashboard', headers: client.headers });
        expect((await dashboard()).statusCode).toBe(200);
        const set = await other.inject({
          method: 'PATCH',
          url: '/api/settings',
          headers: admin.headers,
          payload: { key: 'maintenance_mode', value: 'on' },
        });
        expect(set.statusCode).toBe(200);
        await vi.waitFor(async () => expect((await dashboard()).statusCode).toBe(503), {
          timeout: 1_000,
          interval: 20,
        });
      } finally {
        await other?.close();
        await redis.stop();
      }
    },
  );
});
