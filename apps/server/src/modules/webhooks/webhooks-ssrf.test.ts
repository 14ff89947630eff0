import type { WebhookDeliveriesPage } from '@chaveiro/contract';
import { webhookDeliveryErrors, webhookMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/core/ids.js';
import {
  AddressNotAllowedError,
  OutboundTimeoutError,
  guardedPost,
  isPublicAddress,
  resolveAllowed,
} from '../../platform/http/outbound-http.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { Receiver } from '../../testing/http-receiver.js';
import { startReceiver } from '../../testing/http-receiver.js';

// The default configuration: WEBHOOKS_ALLOW_PRIVATE_URLS unset, the SSRF guard on.
let t: TestApp;
let receiver: Receiver;
let admin: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('creating or changing an endpoint', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://10.1.2.3/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0.0.0.0/hook',
    'http://2130706433/hook',
    'http://localhost:8080/hook',
  ])('refuses %s with 422', async (url) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: admin.headers,
      payload: { url, events: ['key.redeemed'] },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ message: webhookMessages.urlNotAllowed });
  });

  it('refuses a change of URL to a private address', async () => {
    const id = await insertEndpoint('http://203.0.113.10/hook');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/webhooks/${id}`,
      headers: admin.headers,
      payload: { url: 'http://192.168.0.1/hook' },
    });
    expect(response.statusCode).toBe(422);
  });
});

/** An endpoint stored as it could be after its host's DNS changed: the send must check again. */
async function insertEndpoint(url: string): Promise<string> {
  const id = newId();
  await t.database.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      url,
      description: '',
      events: JSON.stringify(['key.redeemed']),
      secret: 'whsec_test',
      enabled: 1,
      format: 'json',
      created_by: null,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .execute();
  return id;
}

describe('sending', () => {
  it('refuses at send time an endpoint whose host is private: nothing reaches it', async () => {
    const id = await insertEndpoint(`${receiver.origin}/hook`);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${id}/test`,
      headers: admin.headers,
    });
    await t.app.jobs.webhookDispatcher.runOnce();
    expect(receiver.requests).toHaveLength(0);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/admin/webhooks/${id}/deliveries`,
      headers: admin.headers,
    });
    expect(log.json<WebhookDeliveriesPage>().items[0]).toMatchObject({
      status: 'pending',
      responseStatus: null,
      error: webhookDeliveryErrors.addressNotAllowed,
    });
  });

  it('resolves host names and refuses one that resolves to loopback', async () => {
    await expect(resolveAllowed('localhost', { allowPrivate: false })).rejects.toBeInstanceOf(
      AddressNotAllowedError,
    );
    await expect(
      guardedPost(new URL(`${receiver.origin.replace('127.0.0.1', 'localhost')}/x`), {
        allowPrivate: false,
        headers: {},
        body: '{}',
        timeoutMs: 2_000,
        maxResponseBytes: 100,
      }),
    ).rejects.toBeInstanceOf(AddressNotAllowedError);
    expect(receiver.requests).toHaveLength(0);
  });

  it('answers a redirect without following it (even to the metadata address)', async () => {
    receiver.answerNext({
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    });
    const result = await guardedPost(new URL(`${receiver.origin}/r`), {
      allowPrivate: true,
      headers: {},
      body: '{}',
      timeoutMs: 2_000,
      maxResponseBytes: 100,
    });
    expect(result.status).toBe(302);
    expect(receiver.requests.map((request) => request.path)).toEqual(['/r']);
  });

  it('reads a large answer only up to its cap', async () => {
    receiver.answerNext({ status: 200, body: 'x'.repeat(100_000) });
    const result = await guardedPost(new URL(`${receiver.origin}/big`), {
      allowPrivate: true,
      headers: {},
      body: '{}',
      timeoutMs: 2_000,
      maxResponseBytes: 1_000,
    });
    expect(result.body.length).toBeLessThanOrEqual(1_000);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.holdNext();
    await expect(
      guardedPost(new URL(`${receiver.origin}/`), {
        allowPrivate: true,
        headers: {},
        body: '{}',
        timeoutMs: 300,
        maxResponseBytes: 100,
      }),
    ).rejects.toBeInstanceOf(OutboundTimeoutError);
  });
});
