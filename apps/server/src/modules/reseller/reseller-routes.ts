import {
  buyKeysBodySchema,
  buyKeysResponseSchema,
  resellerKeysExportQuerySchema,
  resellerKeysPageSchema,
  resellerKeysQuerySchema,
  resellerProductsResponseSchema,
  resellerStatsSchema,
} from '@chaveiro/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf, actorOf } from '../../platform/http/auth.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { ResellerService } from './reseller-service.js';

/** Like the admin routes: the role guard answers 401/403 before the input is read. */
const errors = errorResponses(400, 401, 403);

/**
 * The reseller dashboard (`/reseller/dashboard`), resellers only: buying keys with the balance,
 * their own keys and statistics. The admin's reseller management lives in modules/admin-resellers.
 */
export function resellerRoutes({
  reseller: service,
}: {
  reseller: ResellerService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const reseller = app.requireRole('reseller');
    const tags = ['reseller'];

    app.get(
      '/products',
      guardedRoute(reseller, tags, {
        summary: 'Active products and the price per key of each plan',
        response: { 200: resellerProductsResponseSchema, ...errors },
      }),
      () => service.products(),
    );

    app.post(
      '/keys',
      guardedRoute(reseller, tags, {
        summary: 'Buy 1 to 500 keys of a plan, paid from the balance',
        body: buyKeysBodySchema,
        response: { 201: buyKeysResponseSchema, ...errors, ...errorResponses(404, 409, 422) },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.buyKeys(request.body, actorOf(request))),
    );

    app.get(
      '/keys',
      guardedRoute(reseller, tags, {
        summary: "Page the reseller's own keys, newest first; q matches the key or redeemer",
        querystring: resellerKeysQuerySchema,
        response: { 200: resellerKeysPageSchema, ...errors },
      }),
      (request) => service.keys(authOf(request).userId, request.query),
    );

    app.get(
      '/keys/export',
      guardedRoute(reseller, tags, {
        summary: "The reseller's own keys matching the filters as CSV (UTF-8 with BOM, ;)",
        querystring: resellerKeysExportQuerySchema,
      }),
      (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('minhas-chaves.csv'))
          .send(Readable.from(service.exportCsv(authOf(request).userId, request.query))),
    );

    app.get(
      '/stats',
      guardedRoute(reseller, tags, {
        summary: 'Balance, keys sold, redeemed and remaining, spent this month',
        response: { 200: resellerStatsSchema, ...errors },
      }),
      (request) => service.stats(authOf(request).userId),
    );

    done();
  };
}
