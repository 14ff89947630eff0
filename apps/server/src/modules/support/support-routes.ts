import {
  adminTicketDetailSchema,
  adminTicketsPageSchema,
  adminTicketsQuerySchema,
  createTicketBodySchema,
  createTicketResponseSchema,
  idParamSchema,
  ticketActionResponseSchema,
  ticketDetailSchema,
  ticketReplyBodySchema,
  ticketsPageSchema,
  ticketsQuerySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf, actorOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { SupportService } from './support-service.js';

const errors = errorResponses(400, 401, 403);
const notFound = errorResponses(404);
const conflict = errorResponses(404, 409);

/** `/api/support`: a customer's (client or reseller) own tickets. */
export function supportRoutes({
  support: service,
}: {
  support: SupportService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const customer = app.requireRole('client', 'reseller');
    const tags = ['support'];

    app.get(
      '/tickets',
      guardedRoute(customer, tags, {
        summary: 'Page the caller’s tickets, newest activity first',
        querystring: ticketsQuerySchema,
        response: { 200: ticketsPageSchema, ...errors },
      }),
      (request) => service.listOwn(authOf(request).userId, request.query),
    );

    app.post(
      '/tickets',
      guardedRoute(customer, tags, {
        summary: 'Open a ticket with its first message',
        body: createTicketBodySchema,
        response: { 201: createTicketResponseSchema, ...errors, ...errorResponses(409) },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/tickets/:id',
      guardedRoute(customer, tags, {
        summary: 'One own ticket and its thread (staff messages signed as the support team)',
        params: idParamSchema,
        response: { 200: ticketDetailSchema, ...errors, ...notFound },
      }),
      (request) => service.getOwn(authOf(request).userId, request.params.id),
    );

    app.post(
      '/tickets/:id/messages',
      guardedRoute(customer, tags, {
        summary: 'Reply in an own ticket (it becomes open again); refused once closed',
        params: idParamSchema,
        body: ticketReplyBodySchema,
        response: { 201: ticketActionResponseSchema, ...errors, ...conflict },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.replyOwn(authOf(request).userId, request.params.id, request.body.message),
          ),
    );

    app.post(
      '/tickets/:id/close',
      guardedRoute(customer, tags, {
        summary: 'Close an own ticket',
        params: idParamSchema,
        response: { 200: ticketActionResponseSchema, ...errors, ...conflict },
      }),
      (request) => service.closeOwn(authOf(request).userId, request.params.id),
    );

    done();
  };
}

/** `/api/admin/support`: every ticket, answered and closed by staff. */
export function adminSupportRoutes({
  support: service,
}: {
  support: SupportService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['support'];

    app.get(
      '/tickets',
      guardedRoute(admin, tags, {
        summary: 'Page every ticket, newest activity first; q: username start or subject',
        querystring: adminTicketsQuerySchema,
        response: { 200: adminTicketsPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );

    app.get(
      '/tickets/:id',
      guardedRoute(admin, tags, {
        summary: 'One ticket, its owner and its thread with the staff names',
        params: idParamSchema,
        response: { 200: adminTicketDetailSchema, ...adminErrors, ...notFound },
      }),
      (request) => service.get(request.params.id),
    );

    app.post(
      '/tickets/:id/messages',
      guardedRoute(admin, tags, {
        summary: 'Answer a ticket (it becomes answered and its owner is notified)',
        params: idParamSchema,
        body: ticketReplyBodySchema,
        response: { 201: ticketActionResponseSchema, ...adminErrors, ...conflict },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.answer(request.params.id, request.body.message, actorOf(request))),
    );

    app.post(
      '/tickets/:id/close',
      guardedRoute(admin, tags, {
        summary: 'Close a ticket',
        params: idParamSchema,
        response: { 200: ticketActionResponseSchema, ...adminErrors, ...conflict },
      }),
      (request) => service.close(request.params.id, actorOf(request)),
    );

    done();
  };
}
