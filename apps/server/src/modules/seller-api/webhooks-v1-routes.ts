import {
  createWebhookBodySchema,
  idempotencyKeyHeadersSchema,
  idParamSchema,
  messageResponseSchema,
  updateWebhookBodySchema,
  webhookDeliveriesPageSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsPageSchema,
  webhookEndpointsQuerySchema,
  webhookSecretResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { apiActorOf } from '../../platform/http/api-token-auth.js';
import {
  errorResponses,
  sellerApiErrors,
  sellerApiPostErrors,
  sellerApiRoute,
} from '../../platform/http/route-schemas.js';
import type { WebhooksService } from '../webhooks/index.js';

const withNotFound = { ...sellerApiErrors, ...errorResponses(400, 404) };
const postWithNotFound = { ...sellerApiPostErrors, ...errorResponses(404) };

/**
 * The admin's webhook endpoints on the seller API (`/api/v1/webhook-endpoints`, scope
 * `webhooks:manage`, which only an admin's token can hold): the same service and rules as the
 * console's `/api/admin/webhooks`, acting as the token's owner. Updates are POSTs, as in the
 * rest of v1, so they take an `Idempotency-Key`.
 */
export function webhooksV1Routes({
  webhooks: service,
}: {
  webhooks: WebhooksService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const manage = app.requireApiToken('webhooks:manage');
    const tags = ['seller API'];

    app.get(
      '/webhook-endpoints',
      sellerApiRoute(manage, tags, {
        summary: 'Page the webhook endpoints, newest first, each with its latest delivery',
        querystring: webhookEndpointsQuerySchema,
        response: { 200: webhookEndpointsPageSchema, ...sellerApiErrors, ...errorResponses(400) },
      }),
      (request) => service.list(request.query),
    );

    app.post(
      '/webhook-endpoints',
      sellerApiRoute(manage, tags, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Register an endpoint; answers its signing secret (shown only now)',
        body: createWebhookBodySchema,
        response: { 201: webhookSecretResponseSchema, ...sellerApiPostErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, apiActorOf(request))),
    );

    app.post(
      '/webhook-endpoints/:id',
      sellerApiRoute(manage, tags, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Change an endpoint: URL, events, description, enabled',
        params: idParamSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookEndpointResponseSchema, ...postWithNotFound },
      }),
      (request) => service.update(request.params.id, request.body, apiActorOf(request)),
    );

    app.delete(
      '/webhook-endpoints/:id',
      sellerApiRoute(manage, tags, {
        summary: 'Delete an endpoint and its delivery log',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.remove(request.params.id, apiActorOf(request)),
    );

    app.post(
      '/webhook-endpoints/:id/roll-secret',
      sellerApiRoute(manage, tags, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Roll the signing secret: the old one stops at once',
        params: idParamSchema,
        response: { 200: webhookSecretResponseSchema, ...postWithNotFound },
      }),
      (request) => service.rollSecret(request.params.id, apiActorOf(request)),
    );

    app.post(
      '/webhook-endpoints/:id/test',
      sellerApiRoute(manage, tags, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Queue a webhook.test event to this endpoint only',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...postWithNotFound },
      }),
      (request) => service.sendTest(request.params.id),
    );

    app.get(
      '/webhook-endpoints/:id/deliveries',
      sellerApiRoute(manage, tags, {
        summary: "An endpoint's delivery log, newest first",
        params: idParamSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesPageSchema, ...withNotFound },
      }),
      (request) => service.deliveries(request.params.id, request.query),
    );

    app.post(
      '/webhook-deliveries/:deliveryId/resend',
      sellerApiRoute(manage, tags, {
        headers: idempotencyKeyHeadersSchema,
        summary: 'Send a delivery again now, with a fresh 24 h retry window',
        params: webhookDeliveryParamSchema,
        response: { 200: messageResponseSchema, ...postWithNotFound },
      }),
      (request) => service.resend(request.params.deliveryId),
    );
    done();
  };
}
