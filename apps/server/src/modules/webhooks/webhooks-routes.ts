import {
  createWebhookBodySchema,
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
import { actorOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { WebhooksService } from './webhooks-service.js';

const withNotFound = { ...adminErrors, ...errorResponses(404) };

/** The admin's outgoing webhooks, under /api/admin/webhooks. */
export function webhooksRoutes({
  webhooks: service,
}: {
  webhooks: WebhooksService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['webhooks'];

    app.get(
      '',
      guardedRoute(admin, tags, {
        summary: 'Page the webhook endpoints, newest first, each with its latest delivery',
        querystring: webhookEndpointsQuerySchema,
        response: { 200: webhookEndpointsPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );

    app.post(
      '',
      guardedRoute(admin, tags, {
        summary: 'Register an endpoint; answers its signing secret (shown only now)',
        description:
          'A Discord webhook URL gets Discord messages (format discord). URLs on loopback, ' +
          'private, link-local… addresses are refused (422) unless WEBHOOKS_ALLOW_PRIVATE_URLS.',
        body: createWebhookBodySchema,
        response: {
          201: webhookSecretResponseSchema,
          ...adminErrors,
          ...errorResponses(409, 422),
        },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, actorOf(request))),
    );

    app.patch(
      '/:id',
      guardedRoute(admin, tags, {
        summary: 'Change an endpoint: URL, events, description, enabled',
        params: idParamSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookEndpointResponseSchema, ...withNotFound, ...errorResponses(422) },
      }),
      (request) => service.update(request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/:id',
      guardedRoute(admin, tags, {
        summary: 'Delete an endpoint and its delivery log',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.remove(request.params.id, actorOf(request)),
    );

    app.post(
      '/:id/secret',
      guardedRoute(admin, tags, {
        summary: 'Roll the signing secret: the old one stops at once',
        params: idParamSchema,
        response: { 200: webhookSecretResponseSchema, ...withNotFound },
      }),
      (request) => service.rollSecret(request.params.id, actorOf(request)),
    );

    app.post(
      '/:id/test',
      guardedRoute(admin, tags, {
        summary: 'Queue a webhook.test event to this endpoint only',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.sendTest(request.params.id),
    );

    app.get(
      '/:id/deliveries',
      guardedRoute(admin, tags, {
        summary: "An endpoint's delivery log, newest first",
        params: idParamSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesPageSchema, ...withNotFound },
      }),
      (request) => service.deliveries(request.params.id, request.query),
    );

    app.post(
      '/deliveries/:deliveryId/resend',
      guardedRoute(admin, tags, {
        summary: 'Reenviar: send a delivery again now, with a fresh 24 h retry window',
        params: webhookDeliveryParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.resend(request.params.deliveryId),
    );
    done();
  };
}
