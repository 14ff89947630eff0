import type { WebhookSecretResponse } from '@chaveiro/contract';
import { DAY_MS, HOUR_MS, WEBHOOK_EVENT_LABELS } from '@chaveiro/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Receiver } from '../../testing/http-receiver.js';
import { startReceiver } from '../../testing/http-receiver.js';
import { changeProductStatus } from '../../testing/product-status.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { verifySignature } from '../../testing/webhook-signature.js';

let t: TestApp;
let receiver: Receiver;
let admin: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({
    env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_DISCORD_API_URL: receiver.origin },
  });
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('webhook_endpoints').execute();
  receiver.reset();
});

async function createEndpoint(url: string): Promise<WebhookSecretResponse> {
  const response = await t
    .as(admin)
    .post('/api/admin/webhooks', { url, events: ['product.status_changed'] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookSecretResponse>();
}

async function sendDue(): Promise<void> {
  await t.app.outbox.idle();
  await t.app.jobs.webhookDispatcher.runOnce();
}

interface Embed {
  title: string;
  color: number;
  fields: { name: string; value: string; inline: boolean }[];
}

describe('product.status_changed on webhooks', () => {
  it('sends the change’s facts as signed JSON, dates in ISO', async () => {
    const { secret } = await createEndpoint(`${receiver.origin}/hook`);
    const product = await t.fixtures.product({ name: 'Valorant Pro' });
    const since = t.clock.now();
    await changeProductStatus(t, product, {
      status: 'updating',
      note: 'Previsão 48 h',
      timeFrozen: true,
      subscriptionsAffected: 120,
      changedBy: admin.username,
      reason: 'atualização do jogo',
    });
    await sendDue();

    const [request] = receiver.requests;
    expect(request?.headers['chaveiro-event-type']).toBe('product.status_changed');
    const signature = request?.headers['chaveiro-signature'];
    expect(
      verifySignature(
        typeof signature === 'string' ? signature : undefined,
        request!.body,
        secret,
        Math.floor(t.clock.now() / 1000),
      ),
    ).toBe(true);
    expect(JSON.parse(request!.body)).toEqual({
      id: expect.any(String) as string,
      type: 'product.status_changed',
      createdAt: new Date(since).toISOString(),
      data: {
        product: { id: product.id, name: 'Valorant Pro' },
        status: 'updating',
        previousStatus: 'operational',
        note: 'Previsão 48 h',
        timeFrozen: true,
        previousTimeFrozen: false,
        since: new Date(since).toISOString(),
        subscriptionsAffected: 120,
        givenBackMs: 0,
        changedBy: admin.username,
        reason: 'atualização do jogo',
      },
    });
  });

  it('gets a Discord embed in the status’s colour, with the note and the time given back', async () => {
    await createEndpoint('https://discord.com/api/webhooks/42/token-status');
    const product = await t.fixtures.product({ name: 'Spoofer_Max' });
    await changeProductStatus(t, product, {
      status: 'unavailable',
      note: '@everyone **fora do ar**',
      reason: 'segredo do vendedor',
    });
    await changeProductStatus(t, product, { status: 'updating' });
    await changeProductStatus(t, product, {
      status: 'operational',
      givenBackMs: 2 * DAY_MS + 4 * HOUR_MS,
      subscriptionsAffected: 3,
    });
    await sendDue();

    // Deliveries go out side by side: ordered here by the status they announce.
    const order = ['Indisponível', 'Em atualização', 'Operacional'];
    const statusOf = (embed: Embed) =>
      order.indexOf(embed.fields?.find((field) => field.name === 'Status')?.value ?? '');
    const embeds = receiver.requests
      .map((request) => (JSON.parse(request.body) as { embeds: Embed[] }).embeds[0]!)
      .sort((a, b) => statusOf(a) - statusOf(b));
    expect(embeds.map((embed) => embed.title)).toEqual(
      Array(3).fill(WEBHOOK_EVENT_LABELS['product.status_changed']),
    );
    expect(embeds.map((embed) => embed.color)).toEqual([0xe74c3c, 0xf1c40f, 0x2ecc71]);
    expect(embeds[0]?.fields).toEqual([
      { name: 'Produto', value: 'Spoofer\\_Max', inline: true },
      { name: 'Status', value: 'Indisponível', inline: true },
      { name: 'Status anterior', value: 'Operacional', inline: true },
      { name: 'Tempo congelado', value: 'Sim', inline: true },
      { name: 'Nota', value: '@\u200beveryone \\*\\*fora do ar\\*\\*', inline: false },
    ]);
    expect(embeds[2]?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Status', value: 'Operacional', inline: true },
        { name: 'Tempo congelado', value: 'Não', inline: true },
        { name: 'Tempo devolvido', value: '2 d 4 h', inline: true },
      ]),
    );
    expect(JSON.stringify(embeds)).not.toContain('segredo do vendedor');
  });
});
