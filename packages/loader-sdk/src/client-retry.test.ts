import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HeartbeatStatus, LoaderClient, RetryStatus } from './client.js';
import { createLoaderClient } from './client.js';
import { LoaderNetworkError, LoaderRefusedError, LoaderVerificationError } from './errors.js';
import type { RetryOptions } from './retry.js';
import type { FakeLoaderServer, RawAnswer, ReceivedRequest } from './testing/fake-server.js';
import { FAKE, startFakeServer } from './testing/fake-server.js';
import { manualTime } from './testing/manual-time.js';
import { createTestSigner, OTHER_SEED } from './testing/signer.js';

const UNSIGNED_502: RawAnswer = {
  status: 502,
  headers: { 'content-type': 'text/html' },
  body: new TextEncoder().encode('<html><body><h1>502 Bad Gateway</h1></body></html>'),
};

let time: ReturnType<typeof manualTime>;
let fake: FakeLoaderServer;
let client: LoaderClient;

function newClient(retry: RetryOptions = {}, extra: { timeoutMs?: number } = {}) {
  return createLoaderClient({
    serverUrl: fake.url,
    productId: FAKE.productId,
    trustedKeys: [fake.signer.trustedKey],
    clock: time.clock,
    timers: time.timers,
    // The top of each jitter range, so the waits are exact.
    retry: { random: () => 1, ...retry },
    ...extra,
  });
}

beforeEach(async () => {
  time = manualTime();
  fake = await startFakeServer({ clock: time.clock });
  client = newClient();
});

afterEach(async () => {
  await fake.close();
});

const beats = () => fake.requests.filter((request) => request.path === '/api/loader/heartbeat');
const auths = () => fake.requests.filter((request) => request.path === '/api/loader/auth');

/** The first `count` calls to `path` meet the outage; the rest reach the server. */
function failFirst(
  path: string,
  count: number,
  answer: (n: number) => RawAnswer | 'drop' | 'hang',
) {
  let seen = 0;
  fake.outage = (request: ReceivedRequest) => {
    if (request.path !== path || seen >= count) return undefined;
    return answer(seen++);
  };
}

function startLoop() {
  const statuses: HeartbeatStatus[] = [];
  const ends: Error[] = [];
  const loop = client.startHeartbeats({
    onStatus: (status) => statuses.push(status),
    onEnd: (error) => ends.push(error),
  });
  return { statuses, ends, loop };
}

describe('heartbeats behind a load balancer that lost a node', () => {
  it('retries dropped connections and unsigned 502s with growing waits and new nonces, and keeps the session', async () => {
    await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
    failFirst('/api/loader/heartbeat', 5, (n) => (n % 2 === 0 ? 'drop' : UNSIGNED_502));
    const { statuses, ends, loop } = startLoop();

    await time.runUntil(() => statuses.some((status) => status.type === 'renewed'));
    loop.stop();

    expect(ends).toEqual([]);
    const retries = statuses.filter((status) => status.type === 'retrying');
    expect(retries.map((status) => [status.attempt, status.nextDelayMs])).toEqual([
      [1, 500],
      [2, 1000],
      [3, 2000],
      [4, 4000],
      [5, 8000],
    ]);
    for (const status of retries) {
      expect(status.error).toBeInstanceOf(LoaderNetworkError);
      expect(status.error.code).toBe('NETWORK_ERROR');
    }
    expect(String((retries[1]?.error.cause as Error).message)).toContain('HTTP 502');
    expect(statuses.at(-1)).toMatchObject({
      type: 'renewed',
      result: { session: 'fake-session-2' },
    });
    // The first beat goes at once, each retry after its wait; all with the one session token.
    expect(time.waits).toEqual([0, 500, 1000, 2000, 4000, 8000]);
    expect(beats().map((request) => request.body?.session)).toEqual(
      Array.from({ length: 6 }, () => 'fake-session-1'),
    );
    expect(new Set(beats().map((request) => request.body?.nonce)).size).toBe(6);
  });

  it('after a success resumes the normal interval and starts the backoff again from the bottom', async () => {
    await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
    let failing = true;
    fake.outage = (request) =>
      failing && request.path === '/api/loader/heartbeat' ? 'drop' : undefined;
    const { statuses, loop } = startLoop();

    await time.runUntil(() => statuses.length === 3);
    failing = false;
    await time.runUntil(() => statuses.length === 4);
    failing = true;
    await time.runUntil(() => statuses.length === 6);
    loop.stop();

    expect(statuses.map((status) => status.type)).toEqual([
      'retrying',
      'retrying',
      'retrying',
      'renewed',
      'retrying',
      'retrying',
    ]);
    // 0 (first beat), 500, 1000, 2000 (then renewed), 30 s interval, 500 (backoff reset).
    expect(time.waits).toEqual([0, 500, 1000, 2000, 30_000, 500]);
    expect(statuses[4]).toMatchObject({ attempt: 1, nextDelayMs: 500 });
    expect(statuses[5]).toMatchObject({ attempt: 2, nextDelayMs: 1000 });
  });

  it('retries a timeout, and the signed "not now" refusals RATE_LIMITED and INTERNAL_ERROR', async () => {
    client = newClient({}, { timeoutMs: 50 });
    await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
    failFirst('/api/loader/heartbeat', 1, () => 'hang');
    const { statuses, ends, loop } = startLoop();
    await time.runUntil(() => statuses.length === 1);
    fake.refuseNext('/api/loader/heartbeat', 'RATE_LIMITED', 'Muitas tentativas.', 429);
    await time.runUntil(() => statuses.length === 2);
    fake.refuseNext('/api/loader/heartbeat', 'INTERNAL_ERROR', 'Erro interno.', 500);
    await time.runUntil(() => statuses.length === 4);
    loop.stop();

    expect(ends).toEqual([]);
    expect(
      statuses.map((status) => (status.type === 'retrying' ? status.error.code : status.type)),
    ).toEqual(['TIMEOUT', 'RATE_LIMITED', 'INTERNAL_ERROR', 'renewed']);
    expect(statuses[2]).toMatchObject({ error: { status: 500 } });
  });

  it("waits at least a rate limit's Retry-After before the next attempt", async () => {
    await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
    fake.tamper = (answer) =>
      answer.status === 429
        ? { ...answer, headers: { ...answer.headers, 'retry-after': '20' } }
        : answer;
    fake.refuseNext('/api/loader/heartbeat', 'RATE_LIMITED', 'Muitas tentativas.', 429);
    const { statuses, loop } = startLoop();
    await time.runUntil(() => statuses.length === 2);
    loop.stop();

    expect(statuses[0]).toMatchObject({
      type: 'retrying',
      attempt: 1,
      nextDelayMs: 20_000,
      error: { code: 'RATE_LIMITED', retryAfterMs: 20_000 },
    });
    expect(statuses[1]?.type).toBe('renewed');
    expect(time.waits).toEqual([0, 20_000]);
  });

  it.each([
    ['HWID_RESET', 401],
    ['SESSION_INVALID', 401],
    ['ACCOUNT_BANNED', 403],
    ['SUBSCRIPTION_EXPIRED', 403],
    ['MAINTENANCE', 503],
    ['SERVER_OFFLINE', 503],
    ['PRODUCT_UPDATING', 503],
    ['PRODUCT_UNAVAILABLE', 503],
  ])(
    'ends at once on the signed final refusal %s (HTTP %i), even in the middle of retries',
    async (code, status) => {
      await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
      failFirst('/api/loader/heartbeat', 1, () => UNSIGNED_502);
      const { statuses, ends } = startLoop();
      await time.runUntil(() => statuses.length === 1);
      fake.refuseNext('/api/loader/heartbeat', code, 'Recusado.', status);
      await time.runUntil(() => ends.length === 1);

      expect(ends[0]).toBeInstanceOf(LoaderRefusedError);
      expect(ends[0]).toMatchObject({ code, status });
      expect(statuses.map((s) => s.type)).toEqual(['retrying']);
      expect(beats()).toHaveLength(2);
      expect(time.pending).toEqual([]);
    },
  );

  it.each([
    [
      'a success whose signature does not verify',
      (answer: RawAnswer) => ({
        ...answer,
        body: new TextEncoder().encode(
          new TextDecoder().decode(answer.body).replace('fake-session-2', 'forged-session-9'),
        ),
      }),
      'BAD_SIGNATURE',
    ],
    [
      'a success signed by a key the client does not trust',
      (answer: RawAnswer) => {
        const envelope = JSON.parse(new TextDecoder().decode(answer.body)) as {
          data: Record<string, unknown>;
          nonce: string;
          issuedAt: string;
        };
        const { body, signature } = createTestSigner(OTHER_SEED).answer({
          request: 'POST /api/loader/heartbeat',
          ...envelope,
        });
        return {
          ...answer,
          headers: { ...answer.headers, 'x-signature': signature },
          body: new TextEncoder().encode(body),
        };
      },
      'UNTRUSTED_KEY',
    ],
    [
      'an unsigned 401 that is not a gateway error',
      () => ({ status: 401, headers: {}, body: new TextEncoder().encode('Unauthorized') }),
      'MISSING_SIGNATURE',
    ],
  ])('never retries %s', async (_, tamper, code) => {
    await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
    fake.tamper = tamper;
    const { statuses, ends } = startLoop();
    await time.runUntil(() => ends.length === 1);

    expect(ends[0]).toBeInstanceOf(LoaderVerificationError);
    expect(ends[0]).toMatchObject({ code });
    expect(statuses).toEqual([]);
    expect(beats()).toHaveLength(1);
    expect(time.pending).toEqual([]);
  });

  it('caps the waits at the heartbeat interval and, when the outage outlasts the session, ends with the last error and never sends past its expiry', async () => {
    const auth = await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
    const sessionExpiresAt = Date.parse(auth.sessionExpiresAt);
    const sentAt: number[] = [];
    fake.outage = (request) => {
      if (request.path !== '/api/loader/heartbeat') return undefined;
      sentAt.push(time.clock());
      return sentAt.length % 2 ? 'drop' : UNSIGNED_502;
    };
    const { statuses, ends } = startLoop();
    await time.runUntil(() => ends.length === 1);

    expect(ends[0]).toBeInstanceOf(LoaderNetworkError);
    expect(time.waits.slice(0, 9)).toEqual([
      0, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(Math.max(...time.waits)).toBe(30_000);
    expect(Math.max(...sentAt)).toBeLessThan(sessionExpiresAt);
    // Kept trying through most of the session's 15 minutes, not a beat or two.
    expect(Math.max(...sentAt)).toBeGreaterThan(sessionExpiresAt - 31_000);
    expect(statuses.every((status) => status.type === 'retrying')).toBe(true);
    expect(beats()).toHaveLength(statuses.length + 1);
    expect(time.pending).toEqual([]);
  });

  it('draws each wait uniformly below its ceiling (full jitter)', async () => {
    const draws = [0, 0.5, 0.25];
    client = newClient({ random: () => draws.shift() ?? 1 });
    await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
    failFirst('/api/loader/heartbeat', 3, () => 'drop');
    const { statuses, loop } = startLoop();
    await time.runUntil(() => statuses.length === 4);
    loop.stop();

    expect(
      statuses.slice(0, 3).map((status) => status.type === 'retrying' && status.nextDelayMs),
    ).toEqual([0, 500, 500]);
  });
});

describe('download behind a load balancer that lost a node', () => {
  it('reports a gateway page as a network error, not as an untrusted answer', async () => {
    await client.auth({ hwid: FAKE.hwid, key: FAKE.key });
    fake.outage = () => UNSIGNED_502;
    const error = await client.download().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoaderNetworkError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('auth behind a load balancer that lost a node', () => {
  async function authWhileDriving(run: () => Promise<unknown>) {
    let settled = false;
    const outcome = run().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    void outcome.then(() => (settled = true));
    await time.runUntil(() => settled);
    return outcome;
  }

  it('retries transient failures a few times, each with a new nonce, and reports each retry', async () => {
    failFirst('/api/loader/auth', 2, (n) => (n === 0 ? 'drop' : UNSIGNED_502));
    const retries: RetryStatus[] = [];
    const outcome = await authWhileDriving(() =>
      client.auth(
        { hwid: FAKE.hwid, key: FAKE.key },
        { onRetry: (status) => retries.push(status) },
      ),
    );

    expect(outcome).toMatchObject({ value: { session: 'fake-session-1' } });
    expect(
      retries.map((status) => [status.error.code, status.attempt, status.nextDelayMs]),
    ).toEqual([
      ['NETWORK_ERROR', 1, 500],
      ['NETWORK_ERROR', 2, 1000],
    ]);
    expect(auths()).toHaveLength(3);
    expect(new Set(auths().map((request) => request.body?.nonce)).size).toBe(3);
  });

  it('gives up after authAttempts with the last error', async () => {
    fake.outage = () => 'drop';
    const outcome = await authWhileDriving(() => client.auth({ hwid: FAKE.hwid, key: FAKE.key }));
    expect(outcome).toMatchObject({ error: { code: 'NETWORK_ERROR' } });
    expect(auths()).toHaveLength(3);
  });

  it('does not retry a refusal, a rate limit, or a call carrying a single-use 2FA code', async () => {
    const refused = await authWhileDriving(() =>
      client.auth({ hwid: FAKE.hwid, key: 'WRONGKEY0000000000' }),
    );
    expect(refused).toMatchObject({ error: { code: 'INVALID_KEY' } });

    fake.refuseNext('/api/loader/auth', 'RATE_LIMITED', 'Muitas tentativas.', 429);
    const limited = await authWhileDriving(() => client.auth({ hwid: FAKE.hwid, key: FAKE.key }));
    expect(limited).toMatchObject({ error: { code: 'RATE_LIMITED' } });

    fake.outage = () => 'drop';
    const withCode = await authWhileDriving(() =>
      client.auth({
        hwid: FAKE.hwid,
        identifier: FAKE.identifier,
        password: FAKE.password,
        totp: '123456',
      }),
    );
    expect(withCode).toMatchObject({ error: { code: 'NETWORK_ERROR' } });
    expect(auths()).toHaveLength(3);
    expect(time.waits).toEqual([]);
  });
});
