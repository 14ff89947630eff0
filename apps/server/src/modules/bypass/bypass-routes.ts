import {
  bypassApiKeysPageSchema,
  bypassApiKeysQuerySchema,
  bypassCheckResponseSchema,
  bypassPauseResponseSchema,
  bypassUidParamSchema,
  bypassUidsPageSchema,
  bypassUidsQuerySchema,
  createBypassApiKeyBodySchema,
  createBypassApiKeyResponseSchema,
  createBypassUidBodySchema,
  idParamSchema,
  messageResponseSchema,
  updateBypassUidBodySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { rateLimit } from '../../platform/http/rate-limit.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import { actorOf } from '../../platform/http/auth.js';
import type { BypassService } from './bypass-service.js';

const withNotFound = { ...adminErrors, ...errorResponses(404) };
const withConflict = { ...withNotFound, ...errorResponses(409) };

/** Admin bypass whitelist (spec §2 Admin bypass) and the API-key check for its consumer. */
export function bypassRoutes({
  bypass: service,
}: {
  bypass: BypassService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['bypass'];

    app.get(
      '/uids',
      guardedRoute(admin, tags, {
        summary: 'Page the whitelisted UIDs, newest first, with the hours left',
        querystring: bypassUidsQuerySchema,
        response: { 200: bypassUidsPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );

    app.post(
      '/uids',
      guardedRoute(admin, tags, {
        summary: 'Whitelist a UID for 24, 168, 336 or 720 hours',
        body: createBypassUidBodySchema,
        response: { 201: messageResponseSchema, ...withConflict },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, actorOf(request))),
    );

    app.put(
      '/uids/:uid',
      guardedRoute(admin, tags, {
        summary: 'Change a UID (its time and pause state stay)',
        params: bypassUidParamSchema,
        body: updateBypassUidBodySchema,
        response: { 200: messageResponseSchema, ...withConflict },
      }),
      (request) => service.rename(request.params.uid, request.body.newUid, actorOf(request)),
    );

    app.delete(
      '/uids/:uid',
      guardedRoute(admin, tags, {
        summary: 'Remove a UID from the whitelist',
        params: bypassUidParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.delete(request.params.uid, actorOf(request)),
    );

    app.put(
      '/uids/:uid/pause',
      guardedRoute(admin, tags, {
        summary: 'Pause (freeze the time left) or resume a UID',
        params: bypassUidParamSchema,
        response: { 200: bypassPauseResponseSchema, ...withConflict },
      }),
      (request) => service.togglePause(request.params.uid, actorOf(request)),
    );

    app.get(
      '/check/:uid',
      {
        // Limited before the key is checked, so keys cannot be guessed at speed either.
        preHandler: [
          rateLimit({ name: 'bypass-check', max: 600, windowMs: 60_000 }),
          (request) => service.checkApiKey(headerValue(request.headers['x-api-key'])),
        ],
        schema: {
          tags,
          summary: 'For the external service: is the UID whitelisted now? (X-Api-Key header)',
          security: [{ bypassApiKey: [] }],
          params: bypassUidParamSchema,
          response: { 200: bypassCheckResponseSchema, ...errorResponses(400, 401, 429) },
        },
      },
      (request) => service.check(request.params.uid),
    );

    app.get(
      '/api-keys',
      guardedRoute(admin, tags, {
        summary: 'Page the API keys (prefix only), newest first',
        querystring: bypassApiKeysQuerySchema,
        response: { 200: bypassApiKeysPageSchema, ...adminErrors },
      }),
      (request) => service.listApiKeys(request.query),
    );

    app.post(
      '/api-keys',
      guardedRoute(admin, tags, {
        summary: 'Create an API key for the check; the key is shown in this answer only',
        body: createBypassApiKeyBodySchema,
        response: { 201: createBypassApiKeyResponseSchema, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.createApiKey(request.body, actorOf(request))),
    );

    app.delete(
      '/api-keys/:id',
      guardedRoute(admin, tags, {
        summary: 'Revoke an API key',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.revokeApiKey(request.params.id, actorOf(request)),
    );

    done();
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
