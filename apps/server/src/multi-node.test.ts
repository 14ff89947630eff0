import type { LoaderClient } from '@chaveiro/loader-sdk';
import { createLoaderClient, createNonce, fetchPublicKeys } from '@chaveiro/loader-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from './testing/http-receiver.js';
import type { Nodes } from './testing/nodes.js';
import { startNodes } from './testing/nodes.js';
import { redisServerMissing, useTestRedis } from './testing/redis-server.js';

// two server processes on one database (PostgreSQL in CI's second run) and one Redis,
// as two machines behind a load balancer. Each check sends one half of a story to node A and
// the other half to node B.

async function until<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
): Promise<{ value: T; afterMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() - started > timeoutMs) {
      return { value, afterMs: Date.now() - started };
    }
    await new Promise((done) => setTimeout(done, 25));
  }
}

describe.skipIf(redisServerMissing !== undefined)(
  'two nodes on one database and one Redis',
  { timeout: 120_000 },
  () => {
    let redis: Awaited<ReturnType<typeof useTestRedis>>;
    let nodes: Nodes;
    let a: string;
    let b: string;
    let productId: string;
    let trustedKeys: Awaited<ReturnType<typeof fetchPublicKeys>>;

    beforeAll(async () => {
      redis = await useTestRedis();
      nodes = await startNodes({
        count: 2,
        redis,
        // Webhooks go to the in-test receiver on loopback.
        env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' },
      });
      [a, b] = nodes.urls as [string, string];
      productId = (await nodes.fixtures.product()).id;
      trustedKeys = await fetchPublicKeys(a);
    }, 120_000);

    afterAll(async () => {
      await nodes?.close();
      await redis?.close();
    });

    function loaderOn(url: string): LoaderClient {
      return createLoaderClient({ serverUrl: url, productId, trustedKeys });
    }

    async function post(url: string, path: string, body: unknown, headers = {}) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    it('signs with one key on both nodes, so a loader pinned to A trusts B', async () => {
      expect(await fetchPublicKeys(b)).toEqual(trustedKeys);
    });

    it('refuses on node B a nonce already used on node A', async () => {
      const { key } = await nodes.customerWithMachine(productId, 'HWID-NONCE-0001');
      const nonce = createNonce();
      const body = { productId, hwid: 'HWID-NONCE-0001', key, nonce };

      const first = await post(a, '/api/loader/auth', body);
      const replayed = await post(b, '/api/loader/auth', body);

      expect(first.status).toBe(200);
      expect(replayed.status).toBe(409);
      expect(replayed.body).toMatchObject({ data: { ok: false, code: 'NONCE_REUSED' } });
    });

    it('counts a rate limit over calls to both nodes', async () => {
      // The newsletter allows 5 sign-ups an hour per IP: 3 on A and 2 on B use them up.
      const statuses: number[] = [];
      for (const [index, url] of [a, a, a, b, b, b].entries()) {
        const answer = await post(url, '/api/newsletter', {
          email: `leitor${String(index)}@example.com`,
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 5).every((status) => status < 300)).toBe(true);
      expect(statuses[5]).toBe(429);
    });

    it('ends on node B, at its next heartbeat, the session of a user banned on node A, and sends the ban webhook once', async () => {
      const receiver = await startReceiver();
      try {
        const admin = await nodes.adminHeaders(a);
        const hook = await post(
          a,
          '/api/admin/webhooks',
          { url: `${receiver.origin}/hook`, events: ['user.banned'] },
          admin,
        );
        expect(hook.status).toBe(201);

        const customer = await nodes.customerWithMachine(productId, 'HWID-BANNED-001');
        const loader = loaderOn(b);
        await loader.auth({ hwid: 'HWID-BANNED-001', key: customer.key });
        const renewed = await loader.heartbeat();
        expect(renewed.session.length).toBeGreaterThan(0);

        const banned = await fetch(`${a}/api/users/${customer.userId}/status`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...admin },
          body: JSON.stringify({ status: 'banned' }),
        });
        expect(banned.status).toBe(200);

        await expect(loader.heartbeat()).rejects.toMatchObject({ code: 'ACCOUNT_BANNED' });

        // Both nodes poll the outbox and the deliveries: the one event is sent once.
        await until(
          () => Promise.resolve(receiver.requests.length),
          (count) => count > 0,
          15_000,
        );
        await new Promise((done) => setTimeout(done, 3_000));
        expect(
          receiver.requests.map((request) => (JSON.parse(request.body) as { type: string }).type),
        ).toEqual(['user.banned']);
      } finally {
        await receiver.close();
      }
    });

    it('answers 503 on node B within 1 s of maintenance being switched on at node A', async () => {
      const admin = await nodes.adminHeaders(a);
      // Node B has the settings cached (off) when A changes them.
      expect((await fetch(`${b}/api/dashboard/metrics`)).status).toBe(401);

      const changed = await fetch(`${a}/api/settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...admin },
        body: JSON.stringify({ key: 'maintenance_mode', value: 'on' }),
      });
      expect(changed.status).toBe(200);
      const { value: status, afterMs } = await until(
        async () => (await fetch(`${b}/api/dashboard/metrics`)).status,
        (answered) => answered === 503,
        3_000,
      );
      try {
        expect(status).toBe(503);
        expect(afterMs).toBeLessThan(1_000);
      } finally {
        await fetch(`${a}/api/settings`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...admin },
          body: JSON.stringify({ key: 'maintenance_mode', value: 'off' }),
        });
      }
    });

    it("counts in 'Usuários Online' the machines heartbeating to either node", async () => {
      const admin = await nodes.adminHeaders(a);
      const metrics = async (url: string) =>
        (
          (await (await fetch(`${url}/api/dashboard/metrics`, { headers: admin })).json()) as {
            onlineUsers: number;
          }
        ).onlineUsers;
      const before = await metrics(a);

      const onA = await nodes.customerWithMachine(productId, 'HWID-ONLINE-A01');
      const onB = await nodes.customerWithMachine(productId, 'HWID-ONLINE-B01');
      const loaderA = loaderOn(a);
      const loaderB = loaderOn(b);
      await loaderA.auth({ hwid: 'HWID-ONLINE-A01', key: onA.key });
      await loaderB.auth({ hwid: 'HWID-ONLINE-B01', key: onB.key });
      await loaderA.heartbeat();
      await loaderB.heartbeat();

      // Each node writes the presence it noted every 2 s; the metrics are cached for a second.
      for (const url of [a, b]) {
        const { value } = await until(
          () => metrics(url),
          (online) => online === before + 2,
          10_000,
        );
        expect(value).toBe(before + 2);
      }
    });
  },
);
