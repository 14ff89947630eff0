import {
  idParamSchema,
  messageResponseSchema,
  securityEventsPageSchema,
  securityEventsQuerySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { LoaderSecurityService } from './loader-security-service.js';

/** The admin's "Segurança" queue (and a customer's events, by `userId`). */
export function securityEventsRoutes({
  loaderSecurity,
}: {
  loaderSecurity: LoaderSecurityService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['security-events'];

    app.get(
      '/',
      guardedRoute(admin, tags, {
        summary:
          "Loaders' security events (debugger, hooked API, failed self-check, unknown loader), newest first",
        querystring: securityEventsQuerySchema,
        response: { 200: securityEventsPageSchema, ...adminErrors },
      }),
      (request) => loaderSecurity.list(request.query),
    );

    app.post(
      '/:id/resolve',
      guardedRoute(admin, tags, {
        summary: 'Mark a security event resolved',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...adminErrors, ...errorResponses(404) },
      }),
      (request) => loaderSecurity.resolve(request.params.id, actorOf(request)),
    );

    done();
  };
}
