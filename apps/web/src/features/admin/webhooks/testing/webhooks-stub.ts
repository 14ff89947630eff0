import { webhookMessages, type WebhookDelivery, type WebhookEndpoint } from '@chaveiro/contract';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { WebhookEndpointScreen } from '../components/webhook-endpoint-screen';
import { WebhooksScreen } from '../components/webhooks-screen';

export const shop: WebhookEndpoint = {
  id: 'wh-1',
  url: 'https://loja.exemplo.com/hooks/chaveiro',
  description: 'Loja virtual',
  events: ['key.redeemed', 'purchase.completed', 'deposit.paid', 'user.registered'],
  enabled: true,
  format: 'json',
  createdAt: '2026-11-20T12:00:00.000Z',
  lastDelivery: { status: 'failed', at: '2026-11-28T10:00:00.000Z' },
};
export const discord: WebhookEndpoint = {
  ...shop,
  id: 'wh-2',
  url: 'https://discord.com/api/webhooks/123/abc',
  description: '',
  events: ['key.redeemed'],
  format: 'discord',
  lastDelivery: null,
};
export const SECRET = `whsec_${'s'.repeat(32)}`;

export const delivered: WebhookDelivery = {
  id: 'dl-1',
  eventId: 'ev-1',
  eventType: 'key.redeemed',
  status: 'succeeded',
  attempts: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  lastAttemptAt: '2026-11-28T10:00:01.000Z',
  nextAttemptAt: null,
  responseStatus: 200,
  durationMs: 42,
  responseExcerpt: '{"ok":true}',
  error: null,
};
export const failing: WebhookDelivery = {
  ...delivered,
  id: 'dl-2',
  eventId: 'ev-2',
  eventType: 'deposit.paid',
  status: 'pending',
  attempts: 3,
  nextAttemptAt: '2026-11-28T10:05:00.000Z',
  responseStatus: 500,
  durationMs: 120,
  responseExcerpt: null,
  error: 'O receptor respondeu 500.',
};

/** One page holding every item. */
export const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

/** The server: endpoints with create, update, secret, test and delete; one endpoint's log. */
export function stubWebhooksApi() {
  let endpoints = [shop, discord];
  return stubApi(({ method, url, body }) => {
    if (method === 'GET' && url.startsWith('/api/admin/webhooks?')) {
      return jsonResponse(200, page(endpoints));
    }
    if (
      method === 'POST' &&
      url === '/api/admin/webhooks' &&
      JSON.stringify(body).includes('10.0.0.')
    ) {
      return jsonResponse(422, {
        message: webhookMessages.urlNotAllowed,
        code: 'WEBHOOK_URL_NOT_ALLOWED',
      });
    }
    if (method === 'POST' && url === '/api/admin/webhooks') {
      const created: WebhookEndpoint = {
        ...shop,
        ...(body as Partial<WebhookEndpoint>),
        id: 'wh-3',
        lastDelivery: null,
      };
      endpoints = [...endpoints, created];
      return jsonResponse(201, {
        message: webhookMessages.created,
        secret: SECRET,
        endpoint: created,
      });
    }
    if (method === 'PATCH' && url === '/api/admin/webhooks/wh-1') {
      endpoints = endpoints.map((e) =>
        e.id === 'wh-1' ? { ...e, ...(body as Partial<WebhookEndpoint>) } : e,
      );
      return jsonResponse(200, { message: webhookMessages.updated, endpoint: endpoints[0] });
    }
    if (method === 'POST' && url === '/api/admin/webhooks/wh-1/secret') {
      return jsonResponse(200, {
        message: webhookMessages.secretRolled,
        secret: SECRET,
        endpoint: shop,
      });
    }
    if (method === 'POST' && url === '/api/admin/webhooks/wh-1/test') {
      return jsonResponse(202, { message: webhookMessages.testSent });
    }
    if (method === 'DELETE' && url === '/api/admin/webhooks/wh-1') {
      endpoints = endpoints.filter((e) => e.id !== 'wh-1');
      return jsonResponse(200, { message: webhookMessages.deleted });
    }
    if (method === 'GET' && url.startsWith('/api/admin/webhooks/wh-1/deliveries')) {
      const status = new URL(url, 'http://x').searchParams.get('status');
      const rows = [failing, delivered].filter((d) => !status || d.status === status);
      return jsonResponse(200, { items: rows, total: rows.length, page: 1, pageSize: 20 });
    }
    if (method === 'POST' && url === '/api/admin/webhooks/deliveries/dl-1/resend') {
      return jsonResponse(202, { message: webhookMessages.resent });
    }
    return jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
  });
}

/** The list and an endpoint's page, as the router mounts them. */
export const webhookRoutes = [
  { path: '/admin/webhooks', Component: WebhooksScreen },
  { path: '/admin/webhooks/:id', Component: WebhookEndpointScreen },
];
