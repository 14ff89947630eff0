import {
  activeSessionsResponseSchema,
  endOtherSessionsResponseSchema,
  messageResponseSchema,
  sessionIdParamsSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/http/auth.js';
import { errorResponses } from '../../platform/http/route-schemas.js';
import type { SessionsService } from './sessions-service.js';

const errors = errorResponses(400, 401, 403, 404, 429);

/** The signed-in user's sessions (`Perfil › Sessões ativas`); every role has them. */
export function sessionsRoutes({
  sessions: service,
}: {
  sessions: SessionsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const signedIn = app.requireRole('client', 'reseller', 'admin');

    app.get(
      '',
      {
        onRequest: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Own active sessions (device, IP, created, last seen), the current one marked',
          response: { 200: activeSessionsResponseSchema, ...errors },
        },
      },
      (request) => service.list(authOf(request)),
    );

    app.delete(
      '/:id',
      {
        onRequest: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'End one own session: its token stops working at its next request',
          params: sessionIdParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      (request) => service.end(authOf(request), request.params.id),
    );

    app.post(
      '/end-others',
      {
        onRequest: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'End every own session but the current one',
          response: { 200: endOtherSessionsResponseSchema, ...errors },
        },
      },
      (request) => service.endOthers(authOf(request)),
    );

    done();
  };
}
