import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';

/** Every admin console endpoint: 401 without a session, 403 for a client or reseller. */
const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string][] = [
  ['GET', '/api/dashboard/metrics'],
  ['GET', '/api/dashboard/recent-activities'],
  ['GET', '/api/activity'],
  ['GET', '/api/users'],
  ['GET', '/api/users/clients'],
  ['GET', '/api/users/x/subscriptions'],
  ['POST', '/api/users'],
  ['PATCH', '/api/users/x/status'],
  ['DELETE', '/api/users/x'],
  ['PATCH', '/api/users/x/hwid'],
  ['POST', '/api/users/x/subscriptions'],
  ['DELETE', '/api/users/subscriptions/x'],
  ['PATCH', '/api/users/subscriptions/x/days'],
  ['PATCH', '/api/users/x/account'],
  ['GET', '/api/admin/profile'],
  ['PATCH', '/api/admin/profile'],
  ['GET', '/api/keys'],
  ['GET', '/api/keys/export.csv'],
  ['POST', '/api/keys'],
  ['GET', '/api/keys/x'],
  ['POST', '/api/keys/x/link'],
  ['PATCH', '/api/keys/x'],
  ['DELETE', '/api/keys/x'],
  ['GET', '/api/products'],
  ['POST', '/api/products'],
  ['PUT', '/api/products/x'],
  ['PATCH', '/api/products/x/status'],
  ['DELETE', '/api/products/x'],
  ['POST', '/api/products/x/upload-dll'],
  ['GET', '/api/products/x/dll'],
  ['GET', '/api/resellers'],
  ['POST', '/api/resellers'],
  ['PATCH', '/api/resellers/x/balance'],
  ['GET', '/api/resellers/x/ledger'],
  ['GET', '/api/bypass/uids'],
  ['POST', '/api/bypass/uids'],
  ['PUT', '/api/bypass/uids/x'],
  ['DELETE', '/api/bypass/uids/x'],
  ['PUT', '/api/bypass/uids/x/pause'],
  ['GET', '/api/bypass/api-keys'],
  ['POST', '/api/bypass/api-keys'],
  ['DELETE', '/api/bypass/api-keys/x'],
  ['GET', '/api/settings'],
  ['PATCH', '/api/settings'],
  ['GET', '/api/admin/deposits'],
  ['POST', '/api/admin/deposits/x/approve'],
  ['POST', '/api/admin/deposits/x/reject'],
  ['POST', '/api/admin/deposits/x/cancel'],
  ['POST', '/api/admin/deposits/x/refund'],
  ['GET', '/api/admin/payment-settings'],
  ['PATCH', '/api/admin/payment-settings'],
];

/** Bodyless mass actions: guarded like the rest, but input tests would really run them. */
const massActions: typeof endpoints = [
  ['POST', '/api/admin-actions/reset-all-hwids'],
  ['POST', '/api/admin-actions/delete-all-users'],
];

let t: TestApp;
let admin: TestUser;
let client: TestUser;
let reseller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  client = await t.createUser({ role: 'client' });
  reseller = await t.createUser({ role: 'reseller' });
});
afterAll(() => t.close());

describe('admin console access', () => {
  it.each([...endpoints, ...massActions])(
    '%s %s answers 401 without a token',
    async (method, url) => {
      const response = await t.app.inject({ method, url, payload: {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    },
  );

  it.each([...endpoints, ...massActions])(
    '%s %s answers 403 to a client and a reseller',
    async (method, url) => {
      for (const user of [client, reseller]) {
        const response = await t.app.inject({ method, url, headers: user.headers, payload: {} });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          message: 'Falha ao buscar dados ou você não tem permissão.',
          code: 'FORBIDDEN',
        });
      }
    },
  );
});

describe('admin console input', () => {
  const bodies: [string, string][] = [
    ['application/json', '{'],
    ['application/json', 'null'],
    ['application/json', '[]'],
    ['application/json', '"texto"'],
    ['application/json', '{"days":"abc","status":1,"productId":[],"quantity":1e400}'],
    // PostgreSQL text cannot hold U+0000: refused up front on both dialects.
    [
      'application/json',
      '{"username":"ab\\u0000cd","email":"a@b.com","password":"12345678","name":"x\\u0000"}',
    ],
    ['text/plain', 'oi'],
    ['multipart/form-data; boundary=x', '--x\r\nlixo'],
  ];
  const ids = ['x'.repeat(65), '%00', '..%2F..', "1' or '1'='1"];

  it.each(endpoints)('%s %s never answers 5xx to malformed input', async (method, url) => {
    for (const id of ids) {
      const target = url.replace('/x', `/${id}`);
      const response = await t.app.inject({ method, url: target, headers: admin.headers });
      expect(response.statusCode, `${method} ${target}`).toBeLessThan(500);
    }
    if (method === 'GET' || method === 'DELETE') {
      const query = await t.app.inject({
        method,
        url: `${url}?page=-1&pageSize=1e9&status=x&q=${'a'.repeat(500)}&cascade=sim`,
        headers: admin.headers,
      });
      expect(query.statusCode).toBeLessThan(500);
      return;
    }
    for (const [contentType, payload] of bodies) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...admin.headers, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType} ${payload}`).toBeLessThan(500);
      expect(response.json()).toMatchObject({ code: expect.any(String) as string });
    }
  });
});
