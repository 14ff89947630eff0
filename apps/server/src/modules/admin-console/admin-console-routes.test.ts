import type {
  AdminSearchResponse,
  DepositFlag,
  DepositGateway,
  DepositStatus,
  TicketStatus,
} from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/core/ids.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: TestUser;
let client: TestUser;
let reseller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', username: 'gerente' });
  client = await t.createUser({ username: 'cliente1' });
  reseller = await t.createUser({ role: 'reseller', username: 'revenda1' });
});
afterAll(() => t.close());

async function deposit(status: DepositStatus, gateway: DepositGateway, flag?: DepositFlag) {
  const id = newId();
  await t.database.db
    .insertInto('deposits')
    .values({
      id,
      user_id: client.id,
      amount_cents: 1000,
      method: 'pix',
      reference: id,
      status,
      reject_reason: null,
      decided_by: null,
      decided_at: null,
      created_at: Date.now(),
      gateway,
      order_id: null,
      gateway_payment_id: null,
      gateway_status: null,
      pix_code: null,
      expires_at: null,
      payer_email: null,
      payer_name: null,
      paid_at: null,
      refunded_at: null,
      uncovered_cents: null,
      flag: flag ?? null,
      gateway_checked_at: null,
    })
    .execute();
}

async function ticket(status: TicketStatus) {
  await t.database.db
    .insertInto('support_tickets')
    .values({
      id: newId(),
      user_id: client.id,
      subject: 'Ajuda',
      status,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
}

/** A debugger client1's loader reported; resolved at `resolvedAt` (null: still open). */
async function securityEvent(productId: string, resolvedAt: number | null) {
  await t.database.db
    .insertInto('loader_security_events')
    .values({
      id: newId(),
      product_id: productId,
      user_id: client.id,
      username: client.username,
      subscription_id: null,
      machine_id: null,
      hwid: 'HWID-1',
      kind: 'debugger',
      detail: null,
      action: 'record',
      ip: '203.0.113.7',
      created_at: Date.now(),
      resolved_at: resolvedAt,
      resolved_by: resolvedAt === null ? null : admin.id,
    })
    .execute();
}

describe('GET /api/admin/queues', () => {
  it('is for admins only', async () => {
    expect((await t.anonymous.get('/api/admin/queues')).statusCode).toBe(401);
    expect((await t.as(client).get('/api/admin/queues')).statusCode).toBe(403);
    expect((await t.as(reseller).get('/api/admin/queues')).statusCode).toBe(403);
  });

  it('counts manual deposits awaiting approval, flagged pending charges, open tickets and unresolved security events', async () => {
    expect((await t.as(admin).get('/api/admin/queues')).json()).toEqual({
      pendingDeposits: 0,
      openTickets: 0,
      openSecurityEvents: 0,
    });
    await deposit('pending', 'manual');
    await deposit('pending', 'manual');
    await deposit('pending', 'mercadopago', 'amount_mismatch');
    // Not the admin's to decide: a charge waiting for the payer, or deposits already decided.
    await deposit('pending', 'mercadopago');
    await deposit('approved', 'manual');
    await deposit('rejected', 'manual');
    await deposit('refunded', 'mercadopago', 'negative_balance');
    await ticket('open');
    await ticket('answered');
    await ticket('closed');
    const product = await t.fixtures.product();
    await securityEvent(product.id, null);
    await securityEvent(product.id, null);
    await securityEvent(product.id, Date.now());

    const response = await t.as(admin).get('/api/admin/queues');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pendingDeposits: 3, openTickets: 1, openSecurityEvents: 2 });
  });
});

describe('GET /api/admin/search', () => {
  it('is for admins only and nothing leaks to others', async () => {
    expect((await t.anonymous.get('/api/admin/search?q=cl')).statusCode).toBe(401);
    for (const as of [client, reseller]) {
      const response = await t.as(as).get('/api/admin/search?q=cl');
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('cliente1');
    }
  });

  it('refuses a query shorter than 2 or longer than 100 characters with a pt-BR 400', async () => {
    for (const url of [
      '/api/admin/search',
      '/api/admin/search?q=a',
      '/api/admin/search?q=%20b%20',
    ]) {
      const response = await t.as(admin).get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(
        messages.adminConsole.searchTooShort,
      );
    }
    const long = await t.as(admin).get(`/api/admin/search?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain(messages.adminConsole.searchTooLong);
    expect((await t.as(admin).get('/api/admin/search?q=ab&extra=1')).statusCode).toBe(400);
  });

  it('finds users by username or e-mail prefix, keys by key prefix, products by name', async () => {
    const marta = await t.createUser({ username: 'Marta', email: 'zeta-marta@example.com' });
    const byEmail = await t.createUser({ username: 'outra', email: 'martinha@example.com' });
    const product = await t.fixtures.product({ name: 'Marte Premium' });
    const key = await t.fixtures.key(product.id, { key: 'MARTKEY00000000001' });
    await t.fixtures.key(product.id, { key: 'ZZZKEY000000000001', status: 'banned' });

    const response = await t.as(admin).get('/api/admin/search?q=mar');
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminSearchResponse>();
    expect(body.users.map((user) => user.id).sort()).toEqual([marta.id, byEmail.id].sort());
    expect(body.users.find((user) => user.id === marta.id)).toEqual({
      id: marta.id,
      username: 'Marta',
      email: 'zeta-marta@example.com',
      role: 'client',
      status: 'active',
    });
    expect(body.keys).toEqual([
      { id: key.id, key: 'MARTKEY00000000001', product: 'Marte Premium', status: 'active' },
    ]);
    expect(body.products).toEqual([{ id: product.id, name: 'Marte Premium', status: 'active' }]);

    const banned = await t.as(admin).get('/api/admin/search?q=zzzk');
    expect(banned.json<AdminSearchResponse>().keys).toMatchObject([{ status: 'banned' }]);
  });

  it('answers at most 5 of each kind, an account matching twice listed once', async () => {
    for (let i = 0; i < 7; i += 1) {
      await t.createUser({ username: `lote${i}`, email: `lote${i}@example.com` });
    }
    const body = (await t.as(admin).get('/api/admin/search?q=LOTE')).json<AdminSearchResponse>();
    expect(body.users.map((user) => user.username)).toEqual([
      'lote0',
      'lote1',
      'lote2',
      'lote3',
      'lote4',
    ]);
  });

  it('treats LIKE wildcards as plain text', async () => {
    const body = (await t.as(admin).get('/api/admin/search?q=%25%25')).json<AdminSearchResponse>();
    expect(body).toEqual({ users: [], keys: [], products: [] });
  });
});

describe('dead outbox deliveries', () => {
  async function deadDelivery(eventId: string, occurredAt: number) {
    await t.database.db
      .insertInto('events')
      .values({ id: eventId, type: 'key.redeemed', payload: '{}', occurred_at: occurredAt })
      .execute();
    await t.database.db
      .insertInto('event_deliveries')
      .values({
        event_id: eventId,
        handler: 'test.mailer',
        status: 'dead',
        attempts: 8,
        next_attempt_at: occurredAt,
        claimed_until: null,
        claim_token: null,
        last_error: 'SMTP recusou a conexão',
        done_at: null,
      })
      .execute();
  }

  it('are for admins only', async () => {
    const body = { eventId: 'ev-x', handler: 'test.mailer' };
    expect((await t.anonymous.get('/api/admin/outbox/dead')).statusCode).toBe(401);
    for (const as of [client, reseller]) {
      expect((await t.as(as).get('/api/admin/outbox/dead')).statusCode).toBe(403);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/admin/outbox/dead/requeue',
        headers: as.headers,
        payload: body,
      });
      expect(post.statusCode).toBe(403);
    }
  });

  it('lists them newest first, 20 a page, and requeues one with an activity row', async () => {
    const base = Date.UTC(2026, 10, 20);
    for (let i = 0; i < 21; i += 1)
      await deadDelivery(`ev-${String(i).padStart(2, '0')}`, base + i);

    const first = await t.as(admin).get('/api/admin/outbox/dead');
    expect(first.statusCode).toBe(200);
    const page = first.json<{ items: { eventId: string }[]; hasMore: boolean }>();
    expect(page.items).toHaveLength(20);
    expect(page.hasMore).toBe(true);
    expect(page.items[0]).toEqual({
      eventId: 'ev-20',
      handler: 'test.mailer',
      type: 'key.redeemed',
      occurredAt: new Date(base + 20).toISOString(),
      attempts: 8,
      lastError: 'SMTP recusou a conexão',
    });
    const second = (await t.as(admin).get('/api/admin/outbox/dead?page=2')).json<typeof page>();
    expect(second).toMatchObject({ items: [{ eventId: 'ev-00' }], page: 2, hasMore: false });

    const requeue = (eventId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/outbox/dead/requeue',
        headers: admin.headers,
        payload: { eventId, handler: 'test.mailer' },
      });
    const done = await requeue('ev-20');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.adminConsole.deliveryRequeued });
    const row = await t.database.db
      .selectFrom('event_deliveries')
      .select(['status', 'attempts'])
      .where('event_id', '=', 'ev-20')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', attempts: 0 });
    expect(await t.lastActivity()).toBe(
      messages.adminConsole.logDeliveryRequeued('test.mailer', 'ev-20'),
    );

    const again = await requeue('ev-20');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: messages.adminConsole.deliveryNotDead });
    expect((await t.as(admin).get('/api/admin/outbox/dead?page=0')).statusCode).toBe(400);
  });
});
