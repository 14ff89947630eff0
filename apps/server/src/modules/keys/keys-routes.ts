import {
  generateKeysBodySchema,
  generateKeysResponseSchema,
  idParamSchema,
  keyInfoSchema,
  keysExportQuerySchema,
  keysPageSchema,
  keysQuerySchema,
  linkKeyBodySchema,
  messageResponseSchema,
  updateKeyBodySchema,
} from '@chaveiro/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, bearerAuth, errorResponses } from '../../platform/route-schemas.js';
import { actorOf } from '../../platform/auth.js';
import type { KeysService } from './keys-service.js';

const withNotFound = { ...adminErrors, ...errorResponses(404) };

/** Licence keys: list, generate, the key menu (view, link, reset, ban, delete) and CSV export. */
export function keysRoutes({ keys: service }: { keys: KeysService }): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['keys'];

    app.get(
      '/',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Page the keys, newest first; q matches the key or client username start',
          security: bearerAuth,
          querystring: keysQuerySchema,
          response: { 200: keysPageSchema, ...adminErrors },
        },
      },
      (request) => service.list(request.query),
    );

    app.get(
      '/export.csv',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'The keys matching the filters as CSV (at most 100 000 rows)',
          security: bearerAuth,
          querystring: keysExportQuerySchema,
        },
      },
      (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="chaves.csv"')
          .send(Readable.from(service.exportCsv(request.query))),
    );

    app.post(
      '/',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Generate 1 to 1000 keys for a product',
          security: bearerAuth,
          body: generateKeysBodySchema,
          response: { 201: generateKeysResponseSchema, ...withNotFound },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.generate(request.body, actorOf(request))),
    );

    app.get(
      '/:id',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'View a key: product, validity, creator, redemption and its subscription',
          security: bearerAuth,
          params: idParamSchema,
          response: { 200: keyInfoSchema, ...withNotFound },
        },
      },
      (request) => service.info(request.params.id),
    );

    app.post(
      '/:id/link',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Redeem an unused key for a user (creates or extends the subscription)',
          security: bearerAuth,
          params: idParamSchema,
          body: linkKeyBodySchema,
          response: { 200: messageResponseSchema, ...withNotFound, ...errorResponses(409) },
        },
      },
      (request) => service.link(request.params.id, request.body.userId, actorOf(request)),
    );

    app.patch(
      '/:id',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Reset the duration of, ban or unban an unused key',
          security: bearerAuth,
          params: idParamSchema,
          body: updateKeyBodySchema,
          response: { 200: messageResponseSchema, ...withNotFound, ...errorResponses(409) },
        },
      },
      (request) => service.update(request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/:id',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Delete a key',
          security: bearerAuth,
          params: idParamSchema,
          response: { 200: messageResponseSchema, ...withNotFound },
        },
      },
      (request) => service.delete(request.params.id, actorOf(request)),
    );

    done();
  };
}
