import {
  apiTokensPageSchema,
  apiTokensQuerySchema,
  createApiTokenBodySchema,
  createApiTokenResponseSchema,
  idParamSchema,
  messageResponseSchema,
} from '@chaveiro/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf, authOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { ApiTokensService, TokenOwner } from './api-tokens-service.js';

function ownerOf(request: FastifyRequest): TokenOwner {
  const { role, tokenVersion } = authOf(request);
  return { ...actorOf(request), role, epoch: tokenVersion };
}

/** "Tokens de API": an admin's or reseller's own tokens for the seller API. */
export function apiTokensRoutes({
  apiTokens: service,
}: {
  apiTokens: ApiTokensService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const seller = app.requireRole('admin', 'reseller');
    const tags = ['api-tokens'];

    app.get(
      '/',
      guardedRoute(seller, tags, {
        summary: 'Page the caller’s own API tokens, newest first (never the secret)',
        querystring: apiTokensQuerySchema,
        response: { 200: apiTokensPageSchema, ...adminErrors },
      }),
      (request) => service.list(ownerOf(request), request.query),
    );

    app.post(
      '/',
      guardedRoute(seller, tags, {
        summary:
          'Create a named API token with scopes and an optional expiry; the secret is in this answer only',
        body: createApiTokenBodySchema,
        response: {
          201: createApiTokenResponseSchema,
          ...adminErrors,
          ...errorResponses(409, 422),
        },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.create(ownerOf(request), request.body)),
    );

    app.delete(
      '/:id',
      guardedRoute(seller, tags, {
        summary: 'Revoke one of the caller’s API tokens: its next request is refused',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...adminErrors, ...errorResponses(404, 409) },
      }),
      (request) => service.revoke(ownerOf(request), request.params.id),
    );

    done();
  };
}
