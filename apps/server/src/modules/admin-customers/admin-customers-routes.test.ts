import { randomBytes } from 'node:crypto';
import type {
  CustomerOverview,
  CustomerRedeemedKeysPage,
  DepositsPage,
  LedgerPage,
  OrdersPage,
  TicketsPage,
} from '@chaveiro/contract';
import { TIMING, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.customers;
let t: TestApp;
let admin: TestUser;
const released: DomainEvent<'machine.released'>[] = [];

beforeAll(async () => {
  // No module handles machine.released yet: a probe makes the outbox store and hand it over.
  t = await createTestApp({
    eventHandlers: [
      defineHandler({
        name: 'test.machine-released-probe',
        on: 'machine.released',
        handle(event) {
          released.push(event);
          return Promise.resolve();
        },
      }),
    ],
  });
  admin = await t.createUser({ role: 'admin', username: 'chefe_cliente' });
  const pix = await t.as(admin).patch('/api/admin/payment-settings', {
    pix_key: 'pix@chaveiro.com.br',
    pix_beneficiary: 'Chaveiro Tecnologia LTDA',
    pix_city: 'São Paulo',
  });
  expect(pix.statusCode).toBe(200);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function machineIds(subscriptionId: string) {
  const rows = await t.database.db
    .selectFrom('machines')
    .select(['id', 'hwid'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('hwid')
    .execute();
  return rows;
}

/** A client with two subscriptions: Alpha with two machines (one signed in from the loader). */
async function customerWithMachines() {
  const user = await t.createUser();
  const alpha = await t.fixtures.product({ name: 'Alpha Cliente' });
  const beta = await t.fixtures.product({ name: 'Beta Cliente' });
  const subA = await t.fixtures.subscription(user.id, alpha.id, { maxDevices: 3 });
  const subB = await t.fixtures.subscription(user.id, beta.id, {
    status: 'paused',
    pausedRemainingMs: 5 * DAY,
  });
  // An old machine, seen two minutes ago: offline.
  await t.fixtures.machine(subA.id, 'HWID-AAAA-OLD', t.clock.now() - 2 * 60_000);
  // A machine bound from the loader now, from a known address: online, with its IP.
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/loader/auth',
    payload: {
      nonce: randomBytes(16).toString('base64url'),
      hwid: 'HWID-BBBB-NEW',
      productId: alpha.id,
      identifier: user.username,
      password: user.password,
    },
    remoteAddress: '203.0.113.45',
  });
  expect(signIn.json<{ data: { ok: boolean } }>().data.ok).toBe(true);
  return { user, alpha, beta, subA, subB };
}

describe('GET /api/users/:id/overview', () => {
  it('answers the profile, last sign-in and each subscription with its machines', async () => {
    const { user, alpha, beta, subA, subB } = await customerWithMachines();
    await t.database.db
      .insertInto('user_logins')
      .values([
        { user_id: user.id, ip: '198.51.100.1', first_at: 1_000, last_at: t.clock.now() - DAY },
        { user_id: user.id, ip: '198.51.100.2', first_at: 2_000, last_at: t.clock.now() - 60_000 },
      ])
      .execute();

    const response = await t.as(admin).get(`/api/users/${user.id}/overview`);
    expect(response.statusCode).toBe(200);
    const body = response.json<CustomerOverview>();
    expect(body.profile).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'client',
      status: 'active',
      avatar_url: null,
      email_verified: true,
      totp_enabled: false,
      balance: 0,
      xp: 0,
      created_at: new Date(t.clock.now()).toISOString(),
      last_login_at: new Date(t.clock.now() - 60_000).toISOString(),
      last_login_ip: '198.51.100.2',
    });
    expect(body.subscriptions.map((sub) => [sub.id, sub.product_id, sub.product_name])).toEqual([
      [subA.id, alpha.id, 'Alpha Cliente'],
      [subB.id, beta.id, 'Beta Cliente'],
    ]);
    const [a, b] = body.subscriptions;
    expect(a).toMatchObject({
      status: 'active',
      paused_by: null,
      days_remaining: 30,
      is_expired: false,
      max_devices: 3,
      last_seen_at: new Date(t.clock.now()).toISOString(),
    });
    const ids = new Map((await machineIds(subA.id)).map((row) => [row.hwid, row.id]));
    expect(a?.machines).toEqual([
      {
        id: ids.get('HWID-BBBB-NEW'),
        hwid: 'HWID-BBBB-NEW',
        first_seen_at: new Date(t.clock.now()).toISOString(),
        last_seen_at: new Date(t.clock.now()).toISOString(),
        online: true,
        last_ip: '203.0.113.45',
      },
      {
        id: ids.get('HWID-AAAA-OLD'),
        hwid: 'HWID-AAAA-OLD',
        first_seen_at: new Date(t.clock.now() - 2 * 60_000).toISOString(),
        last_seen_at: new Date(t.clock.now() - 2 * 60_000).toISOString(),
        online: false,
        last_ip: null,
      },
    ]);
    expect(b).toMatchObject({
      status: 'paused',
      paused_by: 'user',
      expires_at: new Date(t.clock.now() + 5 * DAY).toISOString(),
      days_remaining: 5,
      machines: [],
      last_seen_at: null,
    });
  });

  it('turns a machine offline once its last heartbeat is older than the online window', async () => {
    const { user } = await customerWithMachines();
    t.clock.advance(TIMING.onlineWindowMs + 1);
    const body = (await t.as(admin).get(`/api/users/${user.id}/overview`)).json<CustomerOverview>();
    expect(body.subscriptions[0]?.machines.map((machine) => machine.online)).toEqual([
      false,
      false,
    ]);
  });

  it('leaks no password hash, TOTP secret or token version', async () => {
    const { user } = await customerWithMachines();
    await t.database.db
      .updateTable('users')
      .set({ totp_secret: 'JBSWY3DPEHPK3PXP', totp_enabled: 1 })
      .where('id', '=', user.id)
      .execute();
    const response = await t.as(admin).get(`/api/users/${user.id}/overview`);
    expect(response.json<CustomerOverview>().profile.totp_enabled).toBe(true);
    expect(response.body).not.toMatch(
      /password|hash|\$argon|\$2[aby]\$|JBSWY3DPEHPK3PXP|totp_secret|token_version/i,
    );
  });

  it('answers 404 for an unknown user and 400 for a malformed id, in pt-BR', async () => {
    const unknown = await t
      .as(admin)
      .get('/api/users/0190aaaa-0000-7000-8000-000000000000/overview');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: messages.admin.userNotFound });

    const malformed = await t.as(admin).get("/api/users/x'or'1/overview");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toContain(text.idInvalid);
  });
});

describe('the customer page sections', () => {
  it('pages the ledger, deposits, purchases, redeemed keys and tickets of the customer', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    // A deposit approved by the admin: a deposit, an entry in "Pedidos" and a ledger line.
    const deposit = await t.as(user).post('/api/deposits', { amount: 25 });
    expect(deposit.statusCode).toBe(201);
    const depositId = deposit.json<{ deposit: { id: string } }>().deposit.id;
    const approve = await t.as(admin).post(`/api/admin/deposits/${depositId}/approve`);
    expect(approve.statusCode).toBe(200);
    await t.as(other).post('/api/deposits', { amount: 10 });
    // Two redeemed keys.
    const product = await t.fixtures.product({ name: 'Chaves Cliente' });
    for (let i = 0; i < 2; i += 1) {
      const key = await t.fixtures.key(product.id);
      const redeem = await t.as(user).post('/api/client/redeem-key', { keyValue: key.key });
      expect(redeem.statusCode).toBe(200);
      t.clock.advance(1_000);
    }
    // A ticket.
    const ticket = await t.as(user).post('/api/support/tickets', {
      subject: 'Não consigo entrar',
      message: 'O loader diz HWID diferente.',
    });
    expect(ticket.statusCode).toBe(201);

    const ledger = (await t.as(admin).get(`/api/users/${user.id}/ledger`)).json<LedgerPage>();
    expect(ledger.total).toBe(1);
    expect(ledger.items[0]).toMatchObject({ amount: 25, balance_after: 25, actor: admin.username });

    const deposits = (await t.as(admin).get(`/api/users/${user.id}/deposits`)).json<DepositsPage>();
    expect(deposits.items.map((item) => [item.id, item.status, item.amount])).toEqual([
      [depositId, 'approved', 25],
    ]);

    const orders = (await t.as(admin).get(`/api/users/${user.id}/orders`)).json<OrdersPage>();
    expect(orders.items.map((item) => [item.type, item.amount])).toEqual([['deposit', 25]]);

    const keys = (
      await t.as(admin).get(`/api/users/${user.id}/redeemed-keys?pageSize=1`)
    ).json<CustomerRedeemedKeysPage>();
    expect(keys).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(keys.items).toHaveLength(1);
    expect(keys.items[0]?.product_name).toBe('Chaves Cliente');
    const second = (
      await t.as(admin).get(`/api/users/${user.id}/redeemed-keys?pageSize=1&page=2`)
    ).json<CustomerRedeemedKeysPage>();
    expect(second.items[0]?.id).not.toBe(keys.items[0]?.id);

    const tickets = (await t.as(admin).get(`/api/users/${user.id}/tickets`)).json<TicketsPage>();
    expect(tickets.items.map((item) => item.subject)).toEqual(['Não consigo entrar']);

    // Another customer's lists are empty of this one's rows.
    const otherKeys = (
      await t.as(admin).get(`/api/users/${other.id}/redeemed-keys`)
    ).json<CustomerRedeemedKeysPage>();
    expect(otherKeys.total).toBe(0);
  });

  it('answers 404 for an unknown user and 400 for a bad page, on every section', async () => {
    for (const section of ['ledger', 'deposits', 'orders', 'redeemed-keys', 'tickets']) {
      const unknown = await t
        .as(admin)
        .get(`/api/users/0190aaaa-0000-7000-8000-000000000001/${section}`);
      expect(unknown.statusCode).toBe(404);
      const badPage = await t.as(admin).get(`/api/users/${admin.id}/${section}?page=0`);
      expect(badPage.statusCode).toBe(400);
    }
  });
});

describe('DELETE /api/users/:id/machines/:machineId', () => {
  it('releases that machine only, spends no credit, logs and records the event', async () => {
    const { user, subA } = await customerWithMachines();
    const credits = await t.fixtures.subscriptionRow(subA.id);
    const [newer, older] = (await machineIds(subA.id)).sort((x, y) => (x.hwid < y.hwid ? 1 : -1));

    const response = await t.as(admin).delete(`/api/users/${user.id}/machines/${older?.id ?? ''}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: text.machineReleased('HWID-AAAA-OLD') });

    expect((await machineIds(subA.id)).map((row) => row.id)).toEqual([newer?.id]);
    const after = await t.fixtures.subscriptionRow(subA.id);
    expect(after?.hwid_reset_credits).toBe(credits?.hwid_reset_credits);

    const activity = await t.database.db
      .selectFrom('activity')
      .select(['type', 'action', 'target', 'actor_id'])
      .where('target', '=', `user:${user.id}`)
      .execute();
    expect(activity).toEqual([
      {
        type: 'machine.released',
        action: text.machineReleasedLog(user.username, 'HWID-AAAA-OLD', 'Alpha Cliente'),
        target: `user:${user.id}`,
        actor_id: admin.id,
      },
    ]);
    await vi.waitFor(() => {
      expect(released.map((event) => event.payload)).toContainEqual({
        machineId: older?.id,
        subscriptionId: subA.id,
        ownerId: user.id,
        free: true,
        by: admin.id,
      });
    });

    // Released already: 404.
    const again = await t.as(admin).delete(`/api/users/${user.id}/machines/${older?.id ?? ''}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: text.machineNotFound });
  });

  it("answers 404 for another user's machine and for an unknown user", async () => {
    const { subA } = await customerWithMachines();
    const stranger = await t.createUser();
    const [machine] = await machineIds(subA.id);
    const response = await t
      .as(admin)
      .delete(`/api/users/${stranger.id}/machines/${machine?.id ?? ''}`);
    expect(response.statusCode).toBe(404);
    expect(await machineIds(subA.id)).toHaveLength(2);

    const unknown = await t
      .as(admin)
      .delete(`/api/users/0190aaaa-0000-7000-8000-000000000002/machines/${machine?.id ?? ''}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: messages.admin.userNotFound });
    const malformed = await t.as(admin).delete(`/api/users/${stranger.id}/machines/abc`);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('authorization', () => {
  it('answers 401 without a token and 403 to clients and resellers, on every endpoint', async () => {
    const { user, subA } = await customerWithMachines();
    const client = await t.createUser();
    const reseller = await t.createUser({ role: 'reseller' });
    const [machine] = await machineIds(subA.id);
    const calls: [Method, string][] = [
      ['GET', `/api/users/${user.id}/overview`],
      ['GET', `/api/users/${user.id}/ledger`],
      ['GET', `/api/users/${user.id}/deposits`],
      ['GET', `/api/users/${user.id}/orders`],
      ['GET', `/api/users/${user.id}/redeemed-keys`],
      ['GET', `/api/users/${user.id}/tickets`],
      ['DELETE', `/api/users/${user.id}/machines/${machine?.id ?? ''}`],
    ];
    for (const [method, url] of calls) {
      expect((await t.anonymous.request(method, url)).statusCode).toBe(401);
      expect((await t.as(client).request(method, url)).statusCode).toBe(403);
      expect((await t.as(reseller).request(method, url)).statusCode).toBe(403);
      // The customer themself is no admin either.
      expect((await t.as(user).request(method, url)).statusCode).toBe(403);
    }
    expect(await machineIds(subA.id)).toHaveLength(2);
  });
});
