import {
  adminSearchQuerySchema,
  adminSearchResponseSchema,
  deadDeliveriesPageSchema,
  deadDeliveriesQuerySchema,
  messageResponseSchema,
  requeueDeliveryBodySchema,
  workQueuesResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { AdminConsoleService } from './admin-console-service.js';

/** Work-queue counts for the sidebar badges and the command palette's search. */
export function adminConsoleRoutes({
  adminConsole: service,
}: {
  adminConsole: AdminConsoleService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');

    app.get(
      '/queues',
      guardedRoute(admin, ['admin-console'], {
        summary:
          'Deposits awaiting approval, tickets awaiting staff and unresolved loader security events',
        description:
          'Polled by each admin tab (every 15 s while visible). pendingDeposits: manual PIX ' +
          'deposits pending approval plus gateway charges flagged while pending; openTickets: ' +
          'tickets whose status is open (the customer wrote last); openSecurityEvents: loader ' +
          'security events not resolved yet ("Segurança").',
        response: { 200: workQueuesResponseSchema, ...adminErrors },
      }),
      () => service.queues(),
    );

    app.get(
      '/search',
      guardedRoute(admin, ['admin-console'], {
        summary: 'Command palette: users, keys and products matching q (up to 5 each)',
        description:
          'Users whose username or e-mail starts with q, keys starting with q, products whose ' +
          'name contains q (case-insensitive). q: 2 to 100 characters.',
        querystring: adminSearchQuerySchema,
        response: { 200: adminSearchResponseSchema, ...adminErrors },
      }),
      (request) => service.search(request.query.q),
    );

    app.get(
      '/outbox/dead',
      guardedRoute(admin, ['admin-console'], {
        summary: 'Outbox deliveries that used up their retries, newest events first (20 a page)',
        querystring: deadDeliveriesQuerySchema,
        response: { 200: deadDeliveriesPageSchema, ...adminErrors },
      }),
      (request) => service.deadDeliveries(request.query.page),
    );

    app.post(
      '/outbox/dead/requeue',
      guardedRoute(admin, ['admin-console'], {
        summary: 'Put a dead delivery back in line: it runs again on the next poll',
        body: requeueDeliveryBodySchema,
        response: { 200: messageResponseSchema, ...adminErrors, ...errorResponses(404) },
      }),
      (request) => service.requeue(request.body, actorOf(request)),
    );
    done();
  };
}
