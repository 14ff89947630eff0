import type {
  ApiTokenScope,
  WebhookDeliveriesPage,
  WebhookEndpointsPage,
  WebhookSecretResponse,
} from '@chaveiro/contract';
import { WEBHOOK_SIGNATURE_HEADER, apiTokenMessages, webhookMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { Receiver } from '../../testing/http-receiver.js';
import { startReceiver } from '../../testing/http-receiver.js';
import { verifySignature } from '../../testing/webhook-signature.js';

let t: TestApp;
let receiver: Receiver;
let admin: TestUser;
let reseller: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  admin = await t.createUser({ role: 'admin', username: 'gerente_v1wh' });
  reseller = await t.createUser({ role: 'reseller', username: 'revenda_v1wh' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function newToken(owner: TestUser, scopes: ApiTokenScope[]) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: { authorization: `Bearer ${await t.tokenFor(owner)}` },
    payload: { name: 'Bot do Discord', scopes },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { authorization: `Bearer ${created.json<{ token: string }>().token}` };
}

describe('/api/v1/webhook-endpoints (scope webhooks:manage)', () => {
  it('registers, lists, tests, changes and deletes an endpoint as the console does', async () => {
    const auth = await newToken(admin, ['webhooks:manage']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      headers: { ...auth, 'idempotency-key': 'wh-1' },
      payload: { url: `${receiver.origin}/v1-hook`, events: ['key.redeemed'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret, endpoint } = created.json<WebhookSecretResponse>();
    expect(secret).toMatch(/^whsec_/);

    // A retried creation answers the same endpoint and creates no second one.
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      headers: { ...auth, 'idempotency-key': 'wh-1' },
      payload: { url: `${receiver.origin}/v1-hook`, events: ['key.redeemed'] },
    });
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json<WebhookSecretResponse>().endpoint.id).toBe(endpoint.id);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/webhook-endpoints',
      headers: auth,
    });
    expect(list.json<WebhookEndpointsPage>().items.map((item) => item.id)).toEqual([endpoint.id]);

    // The test event reaches the receiver signed with the answered secret.
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${endpoint.id}/test`,
      headers: auth,
    });
    expect(test.json()).toEqual({ message: webhookMessages.testSent });
    await t.app.jobs.webhookDispatcher.runOnce();
    const [request] = receiver.requests.filter((r) => r.path === '/v1-hook');
    expect(request).toBeDefined();
    const signature = request!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    expect(
      verifySignature(String(signature), request!.body, secret, Math.floor(t.clock.now() / 1000)),
    ).toBe(true);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`,
      headers: auth,
    });
    const deliveries = log.json<WebhookDeliveriesPage>().items;
    expect(deliveries.map((d) => [d.eventType, d.status])).toEqual([['webhook.test', 'succeeded']]);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-deliveries/${deliveries[0]!.id}/resend`,
      headers: auth,
    });
    expect(resend.json()).toEqual({ message: webhookMessages.resent });

    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${endpoint.id}`,
      headers: auth,
      payload: { enabled: false, events: ['user.banned', 'key.redeemed'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ endpoint: { enabled: boolean } }>().endpoint.enabled).toBe(false);

    // Written in the audit log as the token's owner.
    const audit = await t.database.db
      .selectFrom('activity')
      .select(['type', 'actor_id'])
      .where('type', 'in', ['webhook.created', 'webhook.updated'])
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { type: 'webhook.created', actor_id: admin.id },
        { type: 'webhook.updated', actor_id: admin.id },
      ]),
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhook-endpoints/${endpoint.id}`,
      headers: auth,
    });
    expect(removed.json()).toEqual({ message: webhookMessages.deleted });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhook-endpoints/${endpoint.id}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: webhookMessages.notFound });
  });

  it('refuses a token without the scope, and a reseller cannot hold it', async () => {
    const keysOnly = await newToken(admin, ['keys:read']);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/webhook-endpoints',
      headers: keysOnly,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: apiTokenMessages.missingScope('webhooks:manage'),
      code: 'API_TOKEN_SCOPE',
    });

    const asReseller = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: { authorization: `Bearer ${await t.tokenFor(reseller)}` },
      payload: { name: 'Tentativa', scopes: ['webhooks:manage'] },
    });
    expect(asReseller.statusCode).toBe(422);
    expect(asReseller.json()).toMatchObject({ message: apiTokenMessages.scopeNotAllowed });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/webhook-endpoints' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad input with a pt-BR 4xx', async () => {
    const auth = await newToken(admin, ['webhooks:manage']);
    const cases = [
      { url: 'ftp://exemplo.com', events: ['key.redeemed'] },
      { url: `${receiver.origin}/x`, events: [] },
      { url: `${receiver.origin}/x`, events: ['nao.existe'] },
      { url: `${receiver.origin}/x`, events: ['key.redeemed'], extra: true },
    ];
    for (const payload of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhook-endpoints',
        headers: auth,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).not.toMatch(/^(Invalid|Required)/);
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints/nao-existe',
      headers: auth,
      payload: { enabled: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
