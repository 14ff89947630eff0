import { createPublicKey, verify } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRaw } from '../../testing/raw-http.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const MAINTENANCE = { message: messages.settings.maintenance, code: 'MAINTENANCE' };
const ROUTE_NOT_FOUND = { message: messages.errors.routeNotFound, code: 'NOT_FOUND' };

// With a built web, whose catch-all file route would otherwise take every unknown GET.
let t: TestApp;
let webDir: string;
let client: TestUser;
let admin: TestUser;
beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'chaveiro-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), INDEX);
  await writeFile(join(webDir, 'assets', 'app-abc123.js'), 'console.log("app");');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  admin = await t.createUser({ role: 'admin' });
  client = await t.createUser();
  const on = await t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: admin.headers,
    payload: { key: 'maintenance_mode', value: 'on' },
  });
  expect(on.statusCode).toBe(200);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the API scope follows the routed path, not the raw URL', () => {
  it.each([
    '/api/client/dashboard',
    '/%61pi/client/dashboard',
    '/%61%70%69/client/dashboard',
    '/api/%63lient/dashboard',
    '/api/client/dashboard/',
    '/api/client%2Fdashboard',
    '/api/nope',
    '/api',
  ])('keeps maintenance and no-store on %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: client.headers });
    expect(response.statusCode).toBe(503);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(MAINTENANCE);
  });

  it.each(['/api/users', '/%61pi/users', '/api/%75sers'])(
    'marks the admin answer to %s no-store (admins pass the maintenance gate)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it.each(['/API/client/dashboard', '/api%2Fclient/dashboard', '/%2561pi/client/dashboard'])(
    'serves no API answer for %s, which the router does not take for the API',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: client.headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    },
  );

  it.each([
    '/api/../api/client/dashboard',
    '/api/./client/dashboard',
    '/api/%2e%2e/api/client/dashboard',
  ])('keeps maintenance and no-store on %s sent as is over a socket', async (path) => {
    const response = await getRaw(t.app, path, client.headers);
    expect(response.status).toBe(503);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.body)).toEqual(MAINTENANCE);
  });

  it.each(['//api/client/dashboard', '/x/../api/client/dashboard', '/assets/../index.html'])(
    'answers %s, a path with empty or dot segments outside the API, 404 NOT_FOUND (not 403)',
    async (path) => {
      const response = await getRaw(t.app, path, client.headers);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body)).toEqual(ROUTE_NOT_FOUND);
    },
  );

  it('still serves assets whose path the router decodes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%61ssets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/%61ssets/app-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(ROUTE_NOT_FOUND);
  });
});

describe('unknown loader paths', () => {
  it('answer the signed INVALID_REQUEST envelope for every method, GET included', async () => {
    const published = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
    const publicKey = createPublicKey(published.json<{ pem: string }>().pem);
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE'] as const) {
      for (const url of ['/api/loader/nope', '/api/loader', '/api/loader/', '/%61pi/loader/x']) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['cache-control']).toBe('no-store');
        const signature = Buffer.from(String(response.headers['x-signature']), 'base64');
        if (method === 'HEAD') continue;
        expect(verify(null, response.rawPayload, publicKey, signature)).toBe(true);
        expect(response.json()).toMatchObject({
          request: `${method} ${url}`,
          data: { ok: false, code: 'INVALID_REQUEST', message: messages.errors.routeNotFound },
        });
      }
    }
  });
});
