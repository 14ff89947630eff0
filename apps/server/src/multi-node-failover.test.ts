import type { HeartbeatLoop, LoaderTimers } from '@chaveiro/loader-sdk';
import { createLoaderClient, fetchPublicKeys } from '@chaveiro/loader-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Nodes } from './testing/nodes.js';
import { startNodes } from './testing/nodes.js';
import { redisServerMissing, useTestRedis } from './testing/redis-server.js';

// one of two nodes is killed (SIGKILL) while 200 loader sessions heartbeat through
// both. Like a load balancer, each client's requests go to its node until a connection to it
// fails, then to the other; the SDK retries the failed heartbeat with backoff, as it does
// behind a real balancer. No session may end, and no write a node acknowledged may be lost.

const SESSIONS = 200;
/**
 * The SDK's timers run this many times faster: a heartbeat every 5 s instead of 30 s (the
 * per-machine limit allows 20 a minute), its retry backoff shortened alike.
 */
const TIME_SCALE = 6;

const fastTimers: LoaderTimers = {
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs / TIME_SCALE),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * How each client reaches the nodes: its own node until a connection to it fails, then the
 * other (a client-side failover, as a loader given two URLs or DNS round-robin does; each client
 * finds the dead node for itself, so each of its clients goes through the SDK's retry). Each
 * client has its own address (X-Forwarded-For from the trusted proxy), as real loaders do.
 */
function failoverFetch(urls: readonly string[], preferred: number, ip: string): typeof fetch {
  const down = new Set<string>();
  return async (input, init) => {
    const target = new URL(String(input instanceof Request ? input.url : input));
    const candidates = [urls[preferred % urls.length]!, ...urls].filter((url) => !down.has(url));
    const origin = candidates[0] ?? urls[0]!;
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', ip);
    try {
      return await fetch(`${origin}${target.pathname}${target.search}`, { ...init, headers });
    } catch (error) {
      down.add(origin);
      throw error;
    }
  };
}

describe.skipIf(redisServerMissing !== undefined)(
  'a node killed under load',
  { timeout: 180_000 },
  () => {
    let redis: Awaited<ReturnType<typeof useTestRedis>>;
    let nodes: Nodes;

    beforeAll(async () => {
      redis = await useTestRedis();
      nodes = await startNodes({ count: 2, redis, env: { TRUST_PROXY: '127.0.0.1' } });
    }, 120_000);

    afterAll(async () => {
      await nodes?.close();
      await redis?.close();
    });

    it(`keeps all ${String(SESSIONS)} loader sessions licensed and every acknowledged write`, async () => {
      const [a, b] = nodes.urls as [string, string];
      const productId = (await nodes.fixtures.product()).id;
      const trustedKeys = await fetchPublicKeys(a);
      const customers = [];
      for (let index = 0; index < SESSIONS; index += 1) {
        const hwid = `HWID-FAILOVER-${String(index).padStart(4, '0')}`;
        customers.push({ hwid, ...(await nodes.customerWithMachine(productId, hwid)) });
      }

      // Every session opens and heartbeats through its own node, half on each.
      const renewals = new Array<number>(SESSIONS).fill(0);
      const retries = new Array<number>(SESSIONS).fill(0);
      const ended: string[] = [];
      const loops: HeartbeatLoop[] = [];
      await Promise.all(
        customers.map(async (customer, index) => {
          const client = createLoaderClient({
            serverUrl: 'http://balancer.invalid',
            productId,
            trustedKeys,
            fetch: failoverFetch(
              [a, b],
              index,
              `10.27.${String(index >> 8)}.${String(index & 255)}`,
            ),
            timers: fastTimers,
          });
          await client.auth({ hwid: customer.hwid, key: customer.key });
          loops.push(
            client.startHeartbeats({
              onStatus: (status) => {
                if (status.type === 'renewed') renewals[index]! += 1;
                else retries[index]! += 1;
              },
              onEnd: (error) => ended.push(`${customer.hwid}: ${error.message}`),
            }),
          );
        }),
      );

      // Writes acknowledged by either node while the sessions run: licence keys generated.
      const admin = await nodes.adminHeaders(a);
      const acknowledged: string[] = [];
      let writing = true;
      // Half the writes go to each node (those of the dead one to the other once it is gone).
      const writers = [0, 1].map((node) => failoverFetch([a, b], node, '10.27.255.1'));
      const writer = (async () => {
        for (let round = 0; writing; round += 1) {
          try {
            const response = await writers[round % 2]!('http://balancer.invalid/api/keys', {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...admin },
              body: JSON.stringify({ productId, days: 30, quantity: 5 }),
            });
            if (response.status === 201 || response.status === 200) {
              acknowledged.push(...((await response.json()) as { keys: string[] }).keys);
            }
          } catch {
            // Not acknowledged: the node died with the request; nothing is owed.
          }
          await new Promise((done) => setTimeout(done, 50));
        }
      })();

      const atLeast = async (count: number, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        const start = [...renewals];
        while (Date.now() < deadline && renewals.some((value, i) => value - start[i]! < count)) {
          await new Promise((done) => setTimeout(done, 100));
        }
        return renewals.filter((value, i) => value - start[i]! < count).length;
      };

      try {
        // Two heartbeats each before the kill, both nodes serving.
        expect(await atLeast(2, 30_000)).toBe(0);
        const beforeKill = acknowledged.length;
        nodes.servers[1]!.child.kill('SIGKILL');
        // Two more each afterwards: the sessions of the dead node fail over to the live one.
        expect(await atLeast(2, 60_000)).toBe(0);
        writing = false;
        await writer;

        console.info(
          `failover: ${String(SESSIONS)} sessions, ${String(renewals.reduce((sum, n) => sum + n, 0))} heartbeats renewed, ` +
            `${String(retries.filter((count) => count > 0).length)} sessions retried after the kill, ` +
            `${String(acknowledged.length)} keys acknowledged (${String(beforeKill)} before the kill)`,
        );
        expect(ended).toEqual([]);
        // The clients of node B retried at least once when it died.
        expect(retries.filter((count) => count > 0).length).toBeGreaterThan(0);
        expect(acknowledged.length).toBeGreaterThan(beforeKill);
        const stored = await nodes.database.db
          .selectFrom('license_keys')
          .select('key')
          .where('product_id', '=', productId)
          .where('status', '=', 'active')
          .execute();
        const storedKeys = new Set(stored.map((row) => row.key));
        expect(acknowledged.filter((key) => !storedKeys.has(key))).toEqual([]);
      } finally {
        writing = false;
        for (const loop of loops) loop.stop();
      }
    });
  },
);
