import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const TOO_DEEP = { message: messages.errors.nestedTooDeep, code: 'BAD_REQUEST' };

let t: TestApp;
let client: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
/** A body shaped like the route's, one field of which nests `levels` deep. */
const deepField = (field: string, levels: number) => `{"${field}":${deepArray(levels)}}`;

const bodies = [6_000, 100_000].flatMap((levels) => [
  [`${levels} levels of arrays`, deepArray(levels)],
  [`${levels} levels of objects`, deepObject(levels)],
  [`a field holding ${levels} levels`, deepField('identifier', levels)],
]);

describe('deeply nested JSON', () => {
  const routes: [string, 'POST' | 'PATCH', string, () => Record<string, string>][] = [
    ['public', 'POST', '/api/auth/login', () => ({})],
    ['public', 'POST', '/api/auth/register', () => ({})],
    ['authenticated', 'PATCH', '/api/profile', () => client.headers],
    ['authenticated', 'POST', '/api/client/redeem-key', () => client.headers],
    ['admin', 'POST', '/api/keys', () => admin.headers],
  ];

  it.each(routes)(
    'is refused with 400 and a pt-BR message on a %s route: %s %s',
    async (_kind, method, url, headers) => {
      for (const [what, payload] of bodies) {
        const response = await t.app.inject({
          method,
          url,
          headers: { ...headers(), 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, what).toBe(400);
        expect(response.json(), what).toEqual(TOO_DEEP);
      }
    },
  );

  it.each(['/api/loader/auth', '/api/loader/heartbeat'])(
    'is refused on %s with the signed INVALID_REQUEST refusal',
    async (url) => {
      for (const [what, payload] of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, what).toBe(400);
        expect(typeof response.headers['x-signature']).toBe('string');
        expect(response.json<{ data: unknown }>().data, what).toEqual({
          ok: false,
          code: 'INVALID_REQUEST',
          message: messages.loader.refusals.INVALID_REQUEST,
        });
      }
    },
  );

  it('leaves ordinary nesting to the route validation', async () => {
    const shallow = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: [[['ana']]], password: 'x' },
    });
    expect(shallow.statusCode).toBe(400);
    expect(shallow.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
  });
});
