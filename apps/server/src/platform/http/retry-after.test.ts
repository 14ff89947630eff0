import { randomBytes } from 'node:crypto';
import { API_TOKEN_LIMITS, messages } from '@chaveiro/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { DEFAULT_RETRY_AFTER_SECONDS } from './error-handler.js';
import { TooManyRequestsError } from '../core/errors.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    configure(app) {
      // 429s whose source cannot say when: a thrown refusal, and an answer built by hand.
      app.get('/api/test/busy-error', () => {
        throw new TooManyRequestsError(messages.errors.uploadsPerClient);
      });
      app.get('/api/test/busy-reply', (_request, reply) =>
        reply.status(429).send({ message: messages.errors.tooManyRequests, code: 'BUSY' }),
      );
    },
  });
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

type Call = () => Promise<LightMyRequestResponse>;

/** Calls `call` until it answers 429 (at most `tries` times) and returns that answer. */
async function untilRefused(call: Call, tries: number) {
  for (let i = 0; i < tries; i += 1) {
    const response = await call();
    if (response.statusCode === 429) return response;
  }
  throw new Error(`no 429 after ${String(tries)} calls`);
}

/** A Retry-After in whole seconds, at least one, at most `max`. */
function expectRetryAfter(value: unknown, max: number) {
  expect(String(value)).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThanOrEqual(1);
  expect(Number(value)).toBeLessThanOrEqual(max);
}

const nonce = () => randomBytes(16).toString('base64url');

describe('every 429 says when to come back (Retry-After)', () => {
  // Every way the server answers 429 (uploads over their in-flight caps: uploads.test.ts).
  it.each<[string, () => Promise<Call>, number, number]>([
    [
      'a site rate limit (newsletter per address)',
      () =>
        Promise.resolve(() =>
          t.app.inject({
            method: 'POST',
            url: '/api/newsletter',
            remoteAddress: '10.11.0.1',
            payload: { email: `n${randomBytes(4).toString('hex')}@example.com` },
          }),
        ),
      10,
      3600,
    ],
    [
      'the seller API’s per-token limit',
      async () => {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/api-tokens',
          headers: admin.headers,
          payload: { name: 'limite', scopes: ['keys:read'] },
        });
        const headers = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
        return () => t.app.inject({ method: 'GET', url: '/api/v1/keys', headers });
      },
      API_TOKEN_LIMITS.rateLimitMax + 5,
      60,
    ],
    [
      'a loader rate limit (auth per HWID)',
      () => {
        const hwid = `PC-${randomBytes(6).toString('hex')}`;
        return Promise.resolve(() =>
          t.app.inject({
            method: 'POST',
            url: '/api/loader/auth',
            payload: { productId: 'p', hwid, nonce: nonce(), key: 'A'.repeat(18) },
          }),
        );
      },
      30,
      300,
    ],
    [
      'the loader’s refusals per address (heartbeats without a session)',
      () =>
        Promise.resolve(() =>
          t.app.inject({
            method: 'POST',
            url: '/api/loader/heartbeat',
            remoteAddress: '10.11.0.2',
            payload: { session: 'not-a-session', nonce: nonce() },
          }),
        ),
      70,
      60,
    ],
    [
      'a refusal thrown without a wait of its own',
      () => Promise.resolve(() => t.app.inject({ method: 'GET', url: '/api/test/busy-error' })),
      1,
      DEFAULT_RETRY_AFTER_SECONDS,
    ],
    [
      'a 429 a route answers by hand',
      () => Promise.resolve(() => t.app.inject({ method: 'GET', url: '/api/test/busy-reply' })),
      1,
      DEFAULT_RETRY_AFTER_SECONDS,
    ],
  ])('%s', async (_source, prepare, tries, max) => {
    const refused = await untilRefused(await prepare(), tries);
    expectRetryAfter(refused.headers['retry-after'], max);
  });

  it('KeyAuth answers its rate limit as KeyAuth does: HTTP 200 and a refusal, never a bare 429', async () => {
    let last;
    for (let i = 0; i < 70; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/1.3/',
        remoteAddress: '10.11.0.3',
        payload: new URLSearchParams({ type: 'init', name: 'x', ownerid: 'abcdefghij' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(last.statusCode).not.toBe(429);
    }
    expect(last?.json()).toMatchObject({
      success: false,
      message: messages.loader.refusals.RATE_LIMITED,
    });
  });
});
