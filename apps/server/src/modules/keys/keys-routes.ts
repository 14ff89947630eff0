import {
  bulkResponseSchema,
  generateKeysBodySchema,
  generateKeysResponseSchema,
  idParamSchema,
  keyInfoSchema,
  keysBulkBodySchema,
  keysExportQuerySchema,
  keysPageSchema,
  keysQuerySchema,
  linkKeyBodySchema,
  messageResponseSchema,
  updateKeyBodySchema,
} from '@chaveiro/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import { actorOf, authOf } from '../../platform/http/auth.js';
import type { KeysService } from './keys-service.js';

const withNotFound = { ...adminErrors, ...errorResponses(404) };

/** Licence keys: list, generate, the key menu (view, link, reset, ban, delete) and CSV export. */
export function keysRoutes({ keys: service }: { keys: KeysService }): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['keys'];

    app.get(
      '/',
      guardedRoute(admin, tags, {
        summary:
          'Page the keys (sort=created_at|status|product:asc|desc, default newest first); q ' +
          'matches the key or client username start',
        querystring: keysQuerySchema,
        response: { 200: keysPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );

    app.get(
      '/export.csv',
      guardedRoute(admin, tags, {
        summary:
          'The selected keys (ids) or those matching the filters as CSV (at most 100 000 rows)',
        querystring: keysExportQuerySchema,
      }),
      (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="chaves.csv"')
          .send(Readable.from(service.exportCsv(request.query))),
    );

    app.post(
      '/bulk',
      guardedRoute(admin, tags, {
        summary:
          'Ban or delete the selected keys (ids) or all matching the filters (at most 1000), in ' +
          'one transaction; used keys are skipped by a ban',
        body: keysBulkBodySchema,
        response: { 200: bulkResponseSchema, ...adminErrors, ...errorResponses(422) },
      }),
      (request) => service.bulk(request.body, actorOf(request)),
    );

    app.post(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Generate 1 to 1000 keys for a product',
        body: generateKeysBodySchema,
        response: { 201: generateKeysResponseSchema, ...withNotFound },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.generate(request.body, actorOf(request))),
    );

    app.get(
      '/:id',
      guardedRoute(admin, tags, {
        summary: 'View a key: product, validity, creator, redemption and its subscription',
        params: idParamSchema,
        response: { 200: keyInfoSchema, ...withNotFound },
      }),
      (request) => service.info(request.params.id),
    );

    app.post(
      '/:id/link',
      guardedRoute(admin, tags, {
        summary: 'Redeem an unused key for a user (creates or extends the subscription)',
        params: idParamSchema,
        body: linkKeyBodySchema,
        response: { 200: messageResponseSchema, ...withNotFound, ...errorResponses(409) },
      }),
      (request) => service.link(request.params.id, request.body.userId, actorOf(request)),
    );

    app.patch(
      '/:id',
      guardedRoute(admin, tags, {
        summary:
          'Reset the duration of, ban or unban an unused key (a ban records who made it: ' +
          'admins lift any ban, anyone else only its own)',
        params: idParamSchema,
        body: updateKeyBodySchema,
        response: { 200: messageResponseSchema, ...withNotFound, ...errorResponses(409) },
      }),
      (request) =>
        service.update(request.params.id, request.body, {
          ...actorOf(request),
          role: authOf(request).role,
        }),
    );

    app.delete(
      '/:id',
      guardedRoute(admin, tags, {
        summary: 'Delete a key',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.delete(request.params.id, actorOf(request)),
    );

    done();
  };
}
