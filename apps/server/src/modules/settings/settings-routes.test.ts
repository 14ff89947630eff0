import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.settings;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'chefe_cfg', password: 'senha-admin-1' });
});
afterAll(() => t.close());

/** The admin with a token signed at each request's clock time (the tests move the clock by days). */
const freshAdmin = () => t.tokenFor(admin);

function setSetting(key: string, value: string) {
  return t.as(freshAdmin).patch('/api/settings', { key, value });
}

describe('GET and PATCH /api/settings', () => {
  it('reads the defaults and stores each change with an activity row', async () => {
    const initial = await t.as(freshAdmin).get('/api/settings');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      server_status: 'online',
      maintenance_mode: 'off',
      pause_all_users: 'off',
    });

    const offline = await setSetting('server_status', 'offline');
    expect(offline.statusCode).toBe(200);
    expect(offline.json()).toEqual({
      message: text.updated,
      server_status: 'offline',
      maintenance_mode: 'off',
      pause_all_users: 'off',
    });
    expect(await t.lastActivity()).toBe('Configuração server_status alterada para offline');

    const client = await t.createUser();
    const dashboard = await t.as(() => t.tokenFor(client)).get('/api/client/dashboard');
    expect(dashboard.json()).toMatchObject({ server_status: 'offline' });
    const open = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(open.json()).toEqual({ server_status: 'offline', maintenance_mode: 'off' });

    await setSetting('server_status', 'online');
  });

  it.each([
    [{ key: 'server_status', value: 'on' }, text.valueInvalid],
    [{ key: 'maintenance_mode', value: 'online' }, text.valueInvalid],
    [{ key: 'pause_all_users', value: true }, text.valueInvalid],
    [{ key: 'admin_password', value: 'x' }, text.valueInvalid],
    [{ value: 'on' }, text.valueInvalid],
  ])('refuses %j', async (payload, message) => {
    const response = await t.as(freshAdmin).patch('/api/settings', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });
});

describe('pause all users', () => {
  it('freezes every running subscription and its undo restores exactly those', async () => {
    const product = await t.fixtures.product();
    const other = await t.fixtures.product();
    const ana = await t.createUser();
    const bia = await t.createUser();
    const running = await t.fixtures.subscription(ana.id, product.id, {
      expiresAt: t.clock.now() + 10 * DAY,
    });
    const running2 = await t.fixtures.subscription(bia.id, product.id, {
      expiresAt: t.clock.now() + 3 * DAY + 7,
    });
    const ownPause = await t.fixtures.subscription(bia.id, other.id, {
      status: 'paused',
      pausedRemainingMs: 5 * DAY,
    });
    const expiredAt = t.clock.now() - DAY;
    const expired = await t.fixtures.subscription(ana.id, other.id, { expiresAt: expiredAt });

    const on = await setSetting('pause_all_users', 'on');
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: text.allPaused(2), pause_all_users: 'on' });
    expect(await t.lastActivity()).toBe(text.logPauseAll(2));
    expect(await t.fixtures.subscriptionRow(running.id)).toMatchObject({
      status: 'paused',
      paused_by: 'global',
      paused_remaining_ms: 10 * DAY,
      expires_at: null,
    });

    // A customer cannot lift the administration's pause.
    const resume = await t
      .as(() => t.tokenFor(ana))
      .patch(`/api/client/subscriptions/${running.id}/status`, { status: 'active' });
    expect(resume.statusCode).toBe(409);

    t.clock.advance(4 * DAY);
    const off = await setSetting('pause_all_users', 'off');
    expect(off.json()).toMatchObject({ message: text.allResumed(2), pause_all_users: 'off' });
    expect(await t.lastActivity()).toBe(text.logResumeAll(2));
    expect(await t.fixtures.subscriptionRow(running.id)).toMatchObject({
      status: 'active',
      paused_by: null,
      paused_remaining_ms: null,
      expires_at: t.clock.now() + 10 * DAY,
    });
    expect(await t.fixtures.subscriptionRow(running2.id)).toMatchObject({
      status: 'active',
      expires_at: t.clock.now() + 3 * DAY + 7,
    });
    expect(await t.fixtures.subscriptionRow(ownPause.id)).toMatchObject({
      status: 'paused',
      paused_by: 'user',
      paused_remaining_ms: 5 * DAY,
    });
    expect(await t.fixtures.subscriptionRow(expired.id)).toMatchObject({
      status: 'active',
      expires_at: expiredAt,
    });
  });

  it('creates time granted during the pause frozen, and starts it with the undo', async () => {
    const product = await t.fixtures.product();
    const client = await t.createUser();
    await setSetting('pause_all_users', 'on');
    const grant = await t.as(freshAdmin).post(`/api/users/${client.id}/subscriptions`, {
      productId: product.id,
      days: 7,
      devices: 1,
    });
    expect(grant.statusCode).toBe(200);
    const key = await t.fixtures.key(product.id, { days: 30 });
    const redeem = await t
      .as(() => t.tokenFor(client))
      .post('/api/client/redeem-key', { keyValue: key.key });
    expect(redeem.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', client.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        product_id: product.id,
        status: 'paused',
        paused_by: 'global',
        paused_remaining_ms: 37 * DAY,
        expires_at: null,
      }),
    ]);

    t.clock.advance(DAY);
    await setSetting('pause_all_users', 'off');
    const after = await t.fixtures.subscriptionRow(rows[0]?.id ?? '');
    expect(after).toMatchObject({ status: 'active', expires_at: t.clock.now() + 37 * DAY });
  });
});

describe('maintenance mode', () => {
  it('answers 503 to every non-admin call while admins keep working', async () => {
    const client = await t.createUser({ password: 'senha-cliente-1' });
    await setSetting('maintenance_mode', 'on');
    expect(await t.lastActivity()).toBe('Configuração maintenance_mode alterada para on');

    const blocked = await t.as(() => t.tokenFor(client)).get('/api/client/dashboard');
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toEqual({ message: text.maintenance, code: 'MAINTENANCE' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(503);
    const forged = await t.as('x.y.z').get('/api/settings');
    expect(forged.statusCode).toBe(503);

    expect((await t.as(freshAdmin).get('/api/users')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const open = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(open.json()).toEqual({ server_status: 'online', maintenance_mode: 'on' });

    const clientLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: client.username, password: 'senha-cliente-1' },
    });
    expect(clientLogin.statusCode).toBe(503);
    expect(clientLogin.json()).toEqual({ message: text.maintenance, code: 'MAINTENANCE' });
    const adminLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'chefe_cfg', password: 'senha-admin-1' },
    });
    expect(adminLogin.statusCode).toBe(200);

    await setSetting('maintenance_mode', 'off');
    const back = await t.as(() => t.tokenFor(client)).get('/api/client/dashboard');
    expect(back.statusCode).toBe(200);
  });
});
