import {
  markNotificationsReadBodySchema,
  markNotificationsReadResponseSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/http/auth.js';
import { errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { NotificationsService } from './notifications-service.js';

const errors = errorResponses(400, 401, 403);

/** `/api/notifications`: every signed-in user's own inbox (the header bell). */
export function notificationsRoutes({
  notifications: service,
}: {
  notifications: NotificationsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const anyone = app.requireRole('admin', 'reseller', 'client');
    const tags = ['notifications'];

    app.get(
      '/',
      guardedRoute(anyone, tags, {
        summary: 'Page the caller’s notifications, newest first, with the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errors },
      }),
      (request) => service.list(authOf(request).userId, request.query),
    );

    app.post(
      '/read',
      guardedRoute(anyone, tags, {
        summary: 'Mark some ({ids}) or all ({all: true}) of the caller’s notifications read',
        body: markNotificationsReadBodySchema,
        response: { 200: markNotificationsReadResponseSchema, ...errors },
      }),
      (request) => service.markRead(authOf(request).userId, request.body),
    );

    done();
  };
}
