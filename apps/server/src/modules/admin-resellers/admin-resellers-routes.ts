import {
  balanceBodySchema,
  balanceResponseSchema,
  createResellerBodySchema,
  createResellerResponseSchema,
  idParamSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  resellersPageSchema,
  resellersQuerySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import { actorOf } from '../../platform/http/auth.js';
import type { AdminResellersService } from './admin-resellers-service.js';

const withConflict = { ...adminErrors, ...errorResponses(404, 409) };

/**
 * Admin resellers (spec §2, §7). Editing a reseller's data and banning use the user routes
 * (PATCH /api/users/{id}/account and /status).
 */
export function adminResellersRoutes({
  adminResellers: service,
}: {
  adminResellers: AdminResellersService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['resellers'];

    app.get(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Page the resellers, newest first, with their balance in reais',
        querystring: resellersQuerySchema,
        response: { 200: resellersPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );

    app.post(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Create a reseller (type new) or promote a client (type existing)',
        body: createResellerBodySchema,
        response: { 201: createResellerResponseSchema, ...withConflict },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, actorOf(request))),
    );

    app.patch(
      '/:id/balance',
      guardedRoute(admin, tags, {
        summary: 'Add (positive) or remove (negative) reais; never below zero',
        params: idParamSchema,
        body: balanceBodySchema,
        response: { 200: balanceResponseSchema, ...withConflict },
      }),
      (request) => service.adjustBalance(request.params.id, request.body.amount, actorOf(request)),
    );

    app.get(
      '/:id/ledger',
      guardedRoute(admin, tags, {
        summary: "A reseller's balance changes, newest first",
        params: idParamSchema,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema, ...adminErrors, ...errorResponses(404) },
      }),
      (request) => service.ledger(request.params.id, request.query),
    );

    done();
  };
}
