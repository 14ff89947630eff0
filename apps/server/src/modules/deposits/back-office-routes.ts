import {
  adminDepositsExportQuerySchema,
  adminDepositsPageSchema,
  adminDepositsQuerySchema,
  depositDecisionResponseSchema,
  idParamSchema,
  rejectDepositBodySchema,
} from '@chaveiro/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { RoleGuard } from '../../platform/http/auth.js';
import { actorOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { DepositsBackOffice } from './back-office.js';

type App = Parameters<FastifyPluginCallbackZod>[0];

const tags = ['deposits'];
const decisionErrors = { ...adminErrors, ...errorResponses(404, 409) };

/** The admin's deposits list and its CSV export. */
export function addDepositListRoutes(app: App, admin: RoleGuard, service: DepositsBackOffice) {
  app.get(
    '',
    guardedRoute(admin, tags, {
      summary: 'Page every deposit, newest first; filter by status, search user or reference',
      querystring: adminDepositsQuerySchema,
      response: { 200: adminDepositsPageSchema, ...adminErrors },
    }),
    (request) => service.adminList(request.query),
  );

  app.get(
    '/export.csv',
    guardedRoute(admin, tags, {
      summary: 'The deposits matching the filters as CSV, newest first (at most 100 000 rows)',
      querystring: adminDepositsExportQuerySchema,
    }),
    (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="depositos.csv"')
        .send(Readable.from(service.adminExportCsv(request.query))),
  );
}

/** The admin's decisions: approve or reject a manual deposit, cancel or refund a gateway one. */
export function addDepositDecisionRoutes(app: App, admin: RoleGuard, service: DepositsBackOffice) {
  app.post(
    '/:id/approve',
    guardedRoute(admin, tags, {
      summary: 'Credit a pending deposit to its owner, exactly once (409 when decided)',
      params: idParamSchema,
      response: { 200: depositDecisionResponseSchema, ...decisionErrors },
    }),
    (request) => service.approve(actorOf(request), request.params.id),
  );

  app.post(
    '/:id/reject',
    guardedRoute(admin, tags, {
      summary: 'Refuse a pending deposit with a reason shown to its owner',
      params: idParamSchema,
      body: rejectDepositBodySchema,
      response: { 200: depositDecisionResponseSchema, ...decisionErrors },
    }),
    (request) => service.reject(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/:id/cancel',
    guardedRoute(admin, tags, {
      summary:
        'Cancel a pending Mercado Pago charge (there, then here); 502 when the gateway does not confirm',
      params: idParamSchema,
      response: { 200: depositDecisionResponseSchema, ...decisionErrors, ...errorResponses(502) },
    }),
    (request) => service.cancel(actorOf(request), request.params.id),
  );

  app.post(
    '/:id/refund',
    guardedRoute(admin, tags, {
      summary:
        'Refund a paid Mercado Pago deposit and debit it from the balance; 502 when the gateway does not confirm',
      params: idParamSchema,
      response: { 200: depositDecisionResponseSchema, ...decisionErrors, ...errorResponses(502) },
    }),
    (request) => service.refund(actorOf(request), request.params.id),
  );
}
