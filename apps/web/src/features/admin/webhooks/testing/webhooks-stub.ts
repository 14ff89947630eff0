import { webhookMessages, type WebhookDelivery, type WebhookEndpoint } from '@chaveiro/contract';
import { jsonResponse, stubRoutes } from '@/testing/api-stub';
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
  return stubRoutes({
    'GET /api/admin/webhooks': () => page(endpoints),
    'POST /api/admin/webhooks': ({ body }) => {
      if (JSON.stringify(body).includes('10.0.0.')) {
        return jsonResponse(422, {
          message: webhookMessages.urlNotAllowed,
          code: 'WEBHOOK_URL_NOT_ALLOWED',
        });
      }
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
    },
    'PATCH /api/admin/webhooks/wh-1': ({ body }) => {
      endpoints = endpoints.map((e) =>
        e.id === 'wh-1' ? { ...e, ...(body as Partial<WebhookEndpoint>) } : e,
      );
      return { message: webhookMessages.updated, endpoint: endpoints[0] };
    },
    'POST /api/admin/webhooks/wh-1/secret': {
      message: webhookMessages.secretRolled,
      secret: SECRET,
      endpoint: shop,
    },
    'POST /api/admin/webhooks/wh-1/test': () =>
      jsonResponse(202, { message: webhookMessages.testSent }),
    'DELETE /api/admin/webhooks/wh-1': () => {
      endpoints = endpoints.filter((e) => e.id !== 'wh-1');
      return { message: webhookMessages.deleted };
    },
    'GET /api/admin/webhooks/wh-1/deliveries': ({ query }) => {
      const status = query.get('status');
      const rows = [failing, delivered].filter((d) => !status || d.status === status);
      return { items: rows, total: rows.length, page: 1, pageSize: 20 };
    },
    'POST /api/admin/webhooks/deliveries/dl-1/resend': () =>
      jsonResponse(202, { message: webhookMessages.resent }),
  }).sent;
}

/** The list and an endpoint's page, as the router mounts them. */
export const webhookRoutes = [
  { path: '/admin/webhooks', Component: WebhooksScreen },
  { path: '/admin/webhooks/:id', Component: WebhookEndpointScreen },
];
