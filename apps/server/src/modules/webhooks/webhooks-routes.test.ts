import { randomBytes } from 'node:crypto';
import type {
  WebhookDeliveriesPage,
  WebhookEndpoint,
  WebhookEndpointsPage,
  WebhookSecretResponse,
} from '@chaveiro/contract';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  webhookDeliveryErrors,
  webhookMessages,
} from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { withTransaction } from '../../platform/db/database.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { createWebhookDispatcher } from './webhook-dispatcher.js';
import { createJobLeases } from '../../platform/jobs/job-leases.js';
import { createJobLeasesRepository } from '../../platform/jobs/job-leases-repository.js';
import { createWebhookHandlers } from './webhook-handlers.js';
import type { Receiver } from '../../testing/http-receiver.js';
import { startReceiver } from '../../testing/http-receiver.js';
import { verifySignature } from '../../testing/webhook-signature.js';
import { createWebhooksRepository } from './webhooks-repository.js';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let receiver: Receiver;
let admin: TestUser;
let client: TestUser;
let reseller: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({
    env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_DISCORD_API_URL: receiver.origin },
  });
  admin = await t.createUser({ role: 'admin', username: 'gerente_wh' });
  client = await t.createUser({ username: 'cliente_wh', email: 'cliente_wh@example.com' });
  reseller = await t.createUser({ role: 'reseller' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** Fresh sessions: a test that moves the clock a day on outlives the tokens. */
async function signIn(user: TestUser): Promise<TestUser> {
  const token = await t.tokenFor(user);
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

beforeEach(async () => {
  admin = await signIn(admin);
  client = await signIn(client);
  reseller = await signIn(reseller);
  // Each test starts with no endpoint and an empty receiver.
  await t.database.db.deleteFrom('webhook_endpoints').execute();
  await sendDue();
  receiver.reset();
});

/** A dispatcher pass once the fan-outs that follow the answers so far are done. */
async function sendDue(): Promise<void> {
  await t.app.outbox.idle();
  await t.app.jobs.webhookDispatcher.runOnce();
}

async function createEndpoint(
  events: string[],
  url = `${receiver.origin}/hook`,
): Promise<WebhookSecretResponse> {
  const response = await t.as(admin).post('/api/admin/webhooks', { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookSecretResponse>();
}

async function deliveries(endpointId: string, query = '') {
  const response = await t.as(admin).get(`/api/admin/webhooks/${endpointId}/deliveries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDeliveriesPage>();
}

function bodies() {
  return receiver.requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);
}

describe('endpoint management', () => {
  it('creates an endpoint answering its secret once, lists, updates, rolls and deletes it', async () => {
    const created = await createEndpoint(['key.redeemed', 'key.redeemed', 'user.banned']);
    expect(created.message).toBe(webhookMessages.created);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.endpoint).toMatchObject({
      events: ['key.redeemed', 'user.banned'],
      enabled: true,
      format: 'json',
      description: '',
      lastDelivery: null,
    });

    const list = await t.as(admin).get('/api/admin/webhooks?page=1&pageSize=10');
    expect(list.statusCode).toBe(200);
    const page = list.json<WebhookEndpointsPage>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toEqual(created.endpoint);
    expect(JSON.stringify(page)).not.toContain(created.secret);

    const id = created.endpoint.id;
    const updated = await t.as(admin).patch(`/api/admin/webhooks/${id}`, {
      description: 'ERP',
      enabled: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ endpoint: WebhookEndpoint }>().endpoint).toMatchObject({
      description: 'ERP',
      enabled: false,
    });

    const rolled = await t.as(admin).post(`/api/admin/webhooks/${id}/secret`);
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json<WebhookSecretResponse>().secret).not.toBe(created.secret);

    const deleted = await t.as(admin).delete(`/api/admin/webhooks/${id}`);
    expect(deleted.json()).toEqual({ message: webhookMessages.deleted });
    expect((await t.as(admin).delete(`/api/admin/webhooks/${id}`)).statusCode).toBe(404);

    const types = await t.database.db
      .selectFrom('activity')
      .select('type')
      .where('target', '=', `webhook:${id}`)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(types.map((row) => row.type)).toEqual([
      'webhook.created',
      'webhook.updated',
      'webhook.secret_rolled',
      'webhook.deleted',
    ]);
  });

  it('is for admins only', async () => {
    const { endpoint } = await createEndpoint(['key.redeemed']);
    for (const user of [client, reseller]) {
      for (const [method, url] of [
        ['GET', '/api/admin/webhooks'],
        ['POST', '/api/admin/webhooks'],
        ['PATCH', `/api/admin/webhooks/${endpoint.id}`],
        ['DELETE', `/api/admin/webhooks/${endpoint.id}`],
        ['POST', `/api/admin/webhooks/${endpoint.id}/secret`],
        ['POST', `/api/admin/webhooks/${endpoint.id}/test`],
        ['GET', `/api/admin/webhooks/${endpoint.id}/deliveries`],
        ['POST', '/api/admin/webhooks/deliveries/x/resend'],
      ] as const) {
        expect((await t.as(user).request(method, url, {})).statusCode).toBe(403);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/webhooks' })).statusCode).toBe(
      401,
    );
  });

  it('answers bad input with a pt-BR 4xx, never a 500', async () => {
    const bad = async (payload: object, message: string) => {
      const response = await t.as(admin).post('/api/admin/webhooks', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    };
    await bad({ events: ['key.redeemed'] }, webhookMessages.urlRequired);
    await bad({ url: 'ftp://example.com/x', events: ['key.redeemed'] }, webhookMessages.urlInvalid);
    await bad(
      { url: 'https://user:pw@example.com/x', events: ['key.redeemed'] },
      webhookMessages.urlInvalid,
    );
    await bad({ url: 'https://example.com/x', events: [] }, webhookMessages.eventsRequired);
    await bad({ url: 'https://example.com/x', events: ['nope'] }, webhookMessages.eventInvalid);
    await bad(
      { url: 'https://example.com/x', events: ['key.redeemed'], description: 'x'.repeat(201) },
      webhookMessages.descriptionMax,
    );
    const extra = await t.as(admin).post('/api/admin/webhooks', {
      url: 'https://example.com/x',
      events: ['key.redeemed'],
      secret: 'mine',
    });
    expect(extra.statusCode).toBe(400);

    expect(
      (await t.as(admin).patch('/api/admin/webhooks/nao-existe', { enabled: true })).statusCode,
    ).toBe(404);
    expect(
      (await t.as(admin).post('/api/admin/webhooks/deliveries/nao-existe/resend')).json(),
    ).toMatchObject({ message: webhookMessages.deliveryNotFound });
    const { endpoint } = await createEndpoint(['key.redeemed']);
    expect(
      (await t.as(admin).get(`/api/admin/webhooks/${endpoint.id}/deliveries?status=lost`))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.as(admin).get(`/api/admin/webhooks/${endpoint.id}/deliveries?pageSize=51`))
        .statusCode,
    ).toBe(400);
  });
});

describe('deliveries', () => {
  it('signs the test event; the receiver verifies it with the secret', async () => {
    const { endpoint, secret } = await createEndpoint(['key.redeemed']);
    const queued = await t.as(admin).post(`/api/admin/webhooks/${endpoint.id}/test`);
    expect(queued.json()).toEqual({ message: webhookMessages.testSent });
    await sendDue();

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['user-agent']).toBe('Chaveiro-Webhooks/1');
    expect(request?.headers['chaveiro-event-type']).toBe('webhook.test');
    const header = request?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    const nowSeconds = Math.floor(t.clock.now() / 1000);
    expect(verifySignature(header, request?.body ?? '', secret, nowSeconds)).toBe(true);
    expect(verifySignature(header, `${request?.body ?? ''} `, secret, nowSeconds)).toBe(false);
    expect(verifySignature(header, request?.body ?? '', 'whsec_other', nowSeconds)).toBe(false);
    // Replayed 6 minutes later: refused by the tolerance.
    expect(verifySignature(header, request?.body ?? '', secret, nowSeconds + 360)).toBe(false);
    const body = bodies()[0];
    expect(body).toMatchObject({ type: 'webhook.test', id: request?.headers['chaveiro-event-id'] });

    const log = await deliveries(endpoint.id);
    expect(log.items).toEqual([
      expect.objectContaining({
        eventType: 'webhook.test',
        status: 'succeeded',
        attempts: 1,
        responseStatus: 200,
        responseExcerpt: 'ok',
        nextAttemptAt: null,
        error: null,
      }),
    ]);
    const listed = await t.as(admin).get('/api/admin/webhooks');
    expect(listed.json<WebhookEndpointsPage>().items[0]?.lastDelivery).toEqual({
      status: 'succeeded',
      at: new Date(t.clock.now()).toISOString(),
    });
  });

  it('sends key.redeemed with the key, product, user and subscription of a real redemption', async () => {
    const { endpoint } = await createEndpoint(['key.redeemed']);
    const other = await createEndpoint(['user.banned']);
    const disabled = await createEndpoint(['key.redeemed']);
    await t.as(admin).patch(`/api/admin/webhooks/${disabled.endpoint.id}`, { enabled: false });
    const product = await t.fixtures.product({ name: 'Aimbot Pro' });
    const key = await t.fixtures.key(product.id, { days: 7 });

    const redeemed = await t
      .as(client, { ip: '127.0.0.1' })
      .post('/api/client/redeem-key', { keyValue: key.key });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    await sendDue();

    expect(bodies()).toEqual([
      {
        id: expect.any(String) as string,
        type: 'key.redeemed',
        createdAt: new Date(t.clock.now()).toISOString(),
        data: {
          key: { id: key.id, value: key.key, days: 7 },
          user: { id: client.id, username: client.username, email: client.email },
          product: { id: product.id, name: 'Aimbot Pro' },
          subscription: {
            id: expect.any(String) as string,
            expiresAt: new Date(t.clock.now() + 7 * 24 * HOUR).toISOString(),
          },
          via: 'customer',
          ip: '127.0.0.1',
        },
      },
    ]);
    expect((await deliveries(endpoint.id)).total).toBe(1);
    // Not subscribed, or disabled: nothing.
    expect((await deliveries(other.endpoint.id)).total).toBe(0);
    expect((await deliveries(disabled.endpoint.id)).total).toBe(0);
    expect(JSON.stringify(bodies())).not.toMatch(/password|hash|secret/i);
  });

  it('sends user.banned when an admin bans an account', async () => {
    await createEndpoint(['user.banned']);
    const victim = await t.createUser();
    const ban = await t.as(admin).patch(`/api/users/${victim.id}/status`, { status: 'banned' });
    expect(ban.statusCode, ban.body).toBe(200);
    await sendDue();
    expect(bodies()).toEqual([
      expect.objectContaining({
        type: 'user.banned',
        data: {
          user: { id: victim.id, username: victim.username, email: victim.email },
          bannedBy: { id: admin.id, username: admin.username },
        },
      }),
    ]);
  });

  it('retries a 500 with backoff and succeeds later on the moved clock', async () => {
    const { endpoint } = await createEndpoint(['user.banned']);
    receiver.answerNext({ status: 500, body: 'boom '.repeat(200) });
    const victim = await t.createUser();
    await t.as(admin).patch(`/api/users/${victim.id}/status`, { status: 'banned' });
    await sendDue();

    let [first] = (await deliveries(endpoint.id)).items;
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      error: webhookDeliveryErrors.status(500),
    });
    expect(first?.responseExcerpt).toHaveLength(WEBHOOK_LIMITS.responseExcerptMax);
    const wait = Date.parse(first?.nextAttemptAt ?? '') - t.clock.now();
    expect(wait).toBeGreaterThanOrEqual(24_000);
    expect(wait).toBeLessThanOrEqual(36_000);

    // Not due yet: nothing sent.
    await sendDue();
    expect(receiver.requests).toHaveLength(1);

    t.clock.advance(40_000);
    await sendDue();
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]?.body).toBe(receiver.requests[0]?.body);
    [first] = (await deliveries(endpoint.id)).items;
    expect(first).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      responseStatus: 200,
      error: null,
    });
  });

  it('marks a delivery failed once 24 h of retries pass, then "reenviar" sends it again', async () => {
    const { endpoint } = await createEndpoint(['user.banned']);
    receiver.setFallback({ status: 503, body: 'fora do ar' });
    const victim = await t.createUser();
    await t.as(admin).patch(`/api/users/${victim.id}/status`, { status: 'banned' });
    const createdAt = t.clock.now();
    await sendDue();
    for (let hour = 0; hour < 30; hour += 1) {
      t.clock.advance(HOUR);
      await sendDue();
    }
    admin = await signIn(admin);
    const [failed] = (await deliveries(endpoint.id)).items;
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toContain(webhookDeliveryErrors.windowOver);
    expect(Date.parse(failed?.lastAttemptAt ?? '')).toBeLessThanOrEqual(
      createdAt + WEBHOOK_LIMITS.retryWindowMs,
    );
    const attempts = failed?.attempts ?? 0;
    // 30 s doubling to 1 h: about 8 quick tries, then hourly ones.
    expect(attempts).toBeGreaterThan(15);
    expect(receiver.requests).toHaveLength(attempts);
    expect((await deliveries(endpoint.id, '?status=failed')).total).toBe(1);
    expect((await deliveries(endpoint.id, '?status=pending')).total).toBe(0);

    receiver.setFallback({ status: 204 });
    const resent = await t
      .as(admin)
      .post(`/api/admin/webhooks/deliveries/${failed?.id ?? ''}/resend`);
    expect(resent.json()).toEqual({ message: webhookMessages.resent });
    await sendDue();
    const [again] = (await deliveries(endpoint.id)).items;
    expect(again).toMatchObject({
      status: 'succeeded',
      attempts: attempts + 1,
      responseStatus: 204,
    });
    // Even a succeeded one can be sent again: same event id, so the receiver dedupes.
    await t.as(admin).post(`/api/admin/webhooks/deliveries/${failed?.id ?? ''}/resend`);
    await sendDue();
    const ids = receiver.requests.map((request) => request.headers['chaveiro-event-id']);
    expect(new Set(ids).size).toBe(1);

    // Finished deliveries leave the log after 30 days.
    t.clock.advance(31 * 24 * HOUR);
    admin = await signIn(admin);
    await sendDue();
    expect((await deliveries(endpoint.id)).total).toBe(0);
  });

  it('holds the deliveries of a disabled endpoint, sends them once enabled, fails them after 24 h', async () => {
    const { endpoint } = await createEndpoint(['user.banned']);
    const toggle = (enabled: boolean) =>
      t.as(admin).patch(`/api/admin/webhooks/${endpoint.id}`, { enabled });
    receiver.answerNext({ status: 500 });
    const ban = async () => {
      const victim = await t.createUser();
      await t.as(admin).patch(`/api/users/${victim.id}/status`, { status: 'banned' });
    };
    await ban();
    await sendDue();
    expect(receiver.requests).toHaveLength(1);

    await toggle(false);
    t.clock.advance(HOUR);
    await sendDue();
    expect(receiver.requests).toHaveLength(1);
    await toggle(true);
    await sendDue();
    expect(receiver.requests).toHaveLength(2);
    expect((await deliveries(endpoint.id)).items[0]).toMatchObject({ status: 'succeeded' });

    await ban();
    receiver.answerNext({ status: 500 });
    await sendDue();
    await toggle(false);
    t.clock.advance(25 * HOUR);
    admin = await signIn(admin);
    await sendDue();
    expect(receiver.requests).toHaveLength(3);
    expect((await deliveries(endpoint.id, '?status=failed')).items).toEqual([
      expect.objectContaining({ attempts: 1, error: webhookDeliveryErrors.endpointDisabled }),
    ]);
  });

  it('sends each delivery once when two dispatchers run at the same time', async () => {
    const { endpoint } = await createEndpoint(['user.banned']);
    const other = createWebhookDispatcher({
      db: t.database.db,
      clock: t.clock,
      jobLeases: createJobLeases({
        repository: createJobLeasesRepository(t.database),
        clock: t.clock,
      }),
      repository: createWebhooksRepository(t.database.db, t.database.dialect),
      allowPrivate: true,
      discordApiUrl: undefined,
      log: { warn: () => undefined, error: () => undefined },
    });
    for (let n = 0; n < 30; n += 1) {
      await t.as(admin).post(`/api/admin/webhooks/${endpoint.id}/test`);
    }
    await Promise.all([t.app.jobs.webhookDispatcher.runOnce(), other.runOnce(), other.runOnce()]);
    await sendDue();
    expect(receiver.requests).toHaveLength(30);
    expect(new Set(receiver.requests.map((r) => r.headers['chaveiro-event-id'])).size).toBe(30);
    expect((await deliveries(endpoint.id, '?status=succeeded&pageSize=50')).total).toBe(30);
  });

  it('does not follow a redirect: the attempt fails and the target is never asked', async () => {
    const { endpoint } = await createEndpoint(['user.banned']);
    receiver.answerNext({
      status: 302,
      headers: { location: `${receiver.origin}/elsewhere` },
    });
    const victim = await t.createUser();
    await t.as(admin).patch(`/api/users/${victim.id}/status`, { status: 'banned' });
    await sendDue();
    expect(receiver.requests.map((request) => request.path)).toEqual(['/hook']);
    const [delivery] = (await deliveries(endpoint.id)).items;
    expect(delivery).toMatchObject({
      status: 'pending',
      responseStatus: 302,
      error: webhookDeliveryErrors.redirect(302),
    });
  });

  it('fans out once per endpoint however often the handler runs', async () => {
    const { endpoint } = await createEndpoint(['user.banned']);
    const second = await createEndpoint(['user.banned']);
    const victim = await t.createUser();
    const handler = createWebhookHandlers({
      clock: t.clock,
      repository: createWebhooksRepository(t.database.db, t.database.dialect),
      kick: () => undefined,
    }).find((candidate) => candidate.on === 'user.banned');
    const event: DomainEvent<'user.banned'> = {
      id: 'evt-repeat',
      type: 'user.banned',
      payload: { userId: victim.id, by: admin.id },
      occurredAt: t.clock.now(),
    };
    for (let run = 0; run < 3; run += 1) {
      await withTransaction(t.database.db, (trx) =>
        (handler?.handle as (e: typeof event, trx: unknown) => Promise<void>)(event, trx),
      );
    }
    expect((await deliveries(endpoint.id)).total).toBe(1);
    expect((await deliveries(second.endpoint.id)).total).toBe(1);
  });

  it('sends machine.bound and loader.hwid_mismatch from the real loader; other refusals store nothing', async () => {
    const { endpoint } = await createEndpoint(['machine.bound', 'loader.hwid_mismatch']);
    const owner = await t.createUser();
    const product = await t.fixtures.product({ name: 'Loader X' });
    const subscription = await t.fixtures.subscription(owner.id, product.id, { maxDevices: 1 });
    const loaderAuth = (hwid: string, password = owner.password) =>
      t.app.inject({
        method: 'POST',
        url: '/api/loader/auth',
        payload: {
          nonce: randomBytes(16).toString('base64url'),
          hwid,
          productId: product.id,
          identifier: owner.username,
          password,
        },
        remoteAddress: '198.51.100.8',
      });
    const refusedEvents = () =>
      t.database.db
        .selectFrom('events')
        .select('id')
        .where('type', '=', 'loader.refused')
        .execute();

    expect((await loaderAuth('HWID-AAAA-1111')).statusCode).toBe(200);
    const wrongPassword = await loaderAuth('HWID-AAAA-1111', 'senha-errada-123');
    expect(wrongPassword.statusCode).toBe(401);
    // A refusal nobody listens to is still not stored: the loader's refusals stay cheap.
    expect(await refusedEvents()).toEqual([]);
    expect((await loaderAuth('HWID-BBBB-2222')).statusCode).toBe(403);
    expect(await refusedEvents()).toHaveLength(1);
    await sendDue();

    const ownerData = { id: owner.id, username: owner.username, email: owner.email };
    const productData = { id: product.id, name: 'Loader X' };
    // Sent side by side: compared in type order.
    const sent = bodies()
      .map((body) => [body.type, body.data])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(sent).toEqual([
      [
        'loader.hwid_mismatch',
        { user: ownerData, product: productData, hwid: 'HWID-BBBB-2222', ip: '198.51.100.8' },
      ],
      [
        'machine.bound',
        {
          machineId: expect.any(String) as string,
          subscription: {
            id: subscription.id,
            expiresAt: new Date(t.clock.now() + 30 * 24 * HOUR).toISOString(),
          },
          user: ownerData,
          product: productData,
          hwid: 'HWID-AAAA-1111',
          ip: '198.51.100.8',
        },
      ],
    ]);
    expect((await deliveries(endpoint.id)).total).toBe(2);
  });

  it('records subscription.expired once per subscription and expiry', async () => {
    const { endpoint } = await createEndpoint(['subscription.expired']);
    const product = await t.fixtures.product({ name: 'Expira' });
    const expiresAt = t.clock.now() + HOUR;
    const subscription = await t.fixtures.subscription(client.id, product.id, { expiresAt });
    await t.app.jobs.expiryReminders.runOnce();
    expect((await deliveries(endpoint.id)).total).toBe(0);

    t.clock.advance(2 * HOUR);
    await t.app.jobs.expiryReminders.runOnce();
    await t.app.jobs.expiryReminders.runOnce();
    await sendDue();
    expect(bodies()).toEqual([
      expect.objectContaining({
        type: 'subscription.expired',
        data: {
          subscription: { id: subscription.id, expiresAt: new Date(expiresAt).toISOString() },
          user: { id: client.id, username: client.username, email: client.email },
          product: { id: product.id, name: 'Expira' },
        },
      }),
    ]);
    expect((await deliveries(endpoint.id)).total).toBe(1);
  });
});

describe('Discord endpoints', () => {
  it('get a pt-BR embed, and a 429 is retried after its retry_after', async () => {
    const created = await createEndpoint(
      ['key.redeemed'],
      'https://discord.com/api/webhooks/123456/token-abc',
    );
    expect(created.endpoint.format).toBe('discord');
    receiver.answerNext(
      { status: 429, body: JSON.stringify({ retry_after: 2.5, global: false }) },
      { status: 204 },
    );
    const product = await t.fixtures.product({ name: 'Spoofer' });
    const key = await t.fixtures.key(product.id, { days: 30 });
    await t.as(client).post('/api/client/redeem-key', { keyValue: key.key });
    await sendDue();

    expect(receiver.requests[0]?.path).toBe('/api/webhooks/123456/token-abc');
    const [message] = bodies();
    expect(message).toMatchObject({
      username: 'Chaveiro',
      embeds: [
        {
          title: 'Chave resgatada',
          color: expect.any(Number) as number,
          timestamp: new Date(t.clock.now()).toISOString(),
          footer: { text: 'Chaveiro' },
        },
      ],
    });
    const fields = (message?.embeds as { fields: { name: string; value: string }[] }[])[0]?.fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { name: 'Produto', value: 'Spoofer', inline: true },
        // Discord's markdown would read `_` as emphasis: the name is shown as typed.
        { name: 'Usuário', value: 'cliente\\_wh', inline: true },
        { name: 'Chave', value: `\`${key.key}\``, inline: true },
        expect.objectContaining({
          name: 'Expira em',
          value: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(São Paulo\)$/) as string,
        }),
      ]),
    );

    const [pending] = (await deliveries(created.endpoint.id)).items;
    expect(pending).toMatchObject({ status: 'pending', responseStatus: 429 });
    expect(Date.parse(pending?.nextAttemptAt ?? '') - t.clock.now()).toBe(2_500);
    t.clock.advance(3_000);
    await sendDue();
    const [done] = (await deliveries(created.endpoint.id)).items;
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 204 });
  });

  it('formats an amount as R$ for a deposit', async () => {
    await createEndpoint(['deposit.paid'], 'https://canary.discord.com/api/webhooks/9/x');
    await t.app.outbox.record(t.database.db, 'deposit.paid', {
      depositId: 'dep-1',
      userId: client.id,
      amountCents: 123456,
      reference: 'REF123',
      orderId: null,
      gateway: 'manual',
      by: admin.id,
    });
    await sendDue();
    const fields = (bodies()[0]?.embeds as { fields: { name: string; value: string }[] }[])[0]
      ?.fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { name: 'Valor', value: 'R$ 1.234,56', inline: true },
        { name: 'Referência', value: 'REF123', inline: true },
      ]),
    );
  });
});
