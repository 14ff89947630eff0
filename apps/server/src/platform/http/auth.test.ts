import { TIMING } from '@chaveiro/contract';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { authOf, createTokenService } from './auth.js';

const SESSION_INVALID = {
  message: 'Sessão inválida ou expirada. Faça login novamente.',
  code: 'UNAUTHORIZED',
};

describe('role guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      configure(app) {
        app.get('/api/test/admin-only', { preHandler: app.requireRole('admin') }, (request) =>
          authOf(request),
        );
        app.get(
          '/api/test/customers',
          { preHandler: app.requireRole('client', 'reseller') },
          (request) => authOf(request),
        );
      },
    });
  });
  afterAll(() => t.close());

  const adminOnly = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/test/admin-only',
      headers: authorization ? { authorization } : {},
    });

  it('admits the right role and tells the route who is calling', async () => {
    const admin = await t.createUser({ role: 'admin' });

    const response = await adminOnly(admin.headers.authorization);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: admin.id,
      role: 'admin',
      username: admin.username,
    });
  });

  it('admits any of several roles', async () => {
    const reseller = await t.createUser({ role: 'reseller' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/customers',
      headers: reseller.headers,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 403 with the spec text for a role not allowed', async () => {
    const client = await t.createUser({ role: 'client' });

    const response = await adminOnly(client.headers.authorization);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Falha ao buscar dados ou você não tem permissão.',
      code: 'FORBIDDEN',
    });
  });

  it('answers 401 without a token, with a garbage token or another scheme', async () => {
    const admin = await t.createUser({ role: 'admin' });
    for (const authorization of [undefined, 'Bearer', 'Bearer garbage', `Basic ${admin.token}`]) {
      const response = await adminOnly(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(SESSION_INVALID);
    }
  });

  it('answers 401 once the token has expired', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const issuedAt = t.clock.now();
    try {
      t.clock.advance(TIMING.sessionTtlSeconds * 1000 - 1000);
      expect((await adminOnly(admin.headers.authorization)).statusCode).toBe(200);

      t.clock.advance(2000);
      const response = await adminOnly(admin.headers.authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(SESSION_INVALID);
    } finally {
      t.clock.set(issuedAt);
    }
  });

  it('answers 401 for a token signed with another secret or another algorithm', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const claims = { role: 'admin', username: admin.username, ver: 0 };
    const nowSeconds = Math.floor(t.clock.now() / 1000);

    const otherSecret = await createTokenService('x'.repeat(40), t.clock).sign({
      id: admin.id,
      role: 'admin',
      username: admin.username,
      tokenVersion: 0,
      sessionId: 's1',
    });
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(admin.id)
      .setExpirationTime(nowSeconds + 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const unsigned = new UnsecuredJWT(claims)
      .setSubject(admin.id)
      .setExpirationTime(nowSeconds + 3600)
      .encode();

    for (const token of [otherSecret, hs512, unsigned]) {
      const response = await adminOnly(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(SESSION_INVALID);
    }
  });

  it('answers 401 for a correctly signed token without the session claims', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const token = await new SignJWT({ username: admin.username })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime(Math.floor(t.clock.now() / 1000) + 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));

    expect((await adminOnly(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 401 for a token older than the user’s token version', async () => {
    const admin = await t.createUser({ role: 'admin', tokenVersion: 1 });
    expect((await adminOnly(admin.headers.authorization)).statusCode).toBe(200);

    const stale = await t.tokenFor({ ...admin, tokenVersion: 0 });
    const response = await adminOnly(`Bearer ${stale}`);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_INVALID);
  });

  it('answers 401 for a banned user', async () => {
    const banned = await t.createUser({ role: 'admin', status: 'banned' });
    const response = await adminOnly(banned.headers.authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_INVALID);
  });

  it('answers 401 for a deleted user', async () => {
    const admin = await t.createUser({ role: 'admin' });
    await t.database.db.deleteFrom('users').where('id', '=', admin.id).execute();

    const response = await adminOnly(admin.headers.authorization);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_INVALID);
  });
});

describe('session token', () => {
  it('carries sub, role, username, ver and a 12 h expiry, signed HS256', async () => {
    const clock = { now: () => Date.UTC(2026, 0, 1) };
    const tokens = createTokenService('s'.repeat(32), clock);

    const token = await tokens.sign({
      id: 'u1',
      role: 'client',
      username: 'maria',
      tokenVersion: 3,
      sessionId: 's1',
    });
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown);

    expect(header).toMatchObject({ alg: 'HS256' });
    const exp = Date.UTC(2026, 0, 1) / 1000 + 12 * 60 * 60;
    expect(payload).toMatchObject({ sub: 'u1', role: 'client', username: 'maria', ver: 3, exp });
    expect(await tokens.verify(token)).toMatchObject({ sub: 'u1', ver: 3 });
  });
});
