import {
  markNotificationsReadBodySchema,
  markNotificationsReadResponseSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unsubscribeQuerySchema,
} from '@chaveiro/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/http/auth.js';
import { errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { NotificationPreferencesService } from './notification-preferences.js';
import type { NotificationsService } from './notifications-service.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-links.js';
import { unsubscribePage } from './unsubscribe-page.js';

const errors = errorResponses(400, 401, 403);

/**
 * `/api/notifications`: every signed-in user's own inbox (the header bell) and e-mail
 * preferences, and the status e-mail's unsubscribe link (signed, no session).
 */
export function notificationsRoutes({
  notifications: service,
  preferences,
}: {
  notifications: NotificationsService;
  preferences: NotificationPreferencesService;
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

    app.get(
      '/preferences',
      guardedRoute(anyone, tags, {
        summary: 'The caller’s optional e-mails (product status e-mails)',
        response: { 200: notificationPreferencesSchema, ...errors },
      }),
      (request) => preferences.get(authOf(request).userId),
    );

    app.put(
      '/preferences',
      guardedRoute(anyone, tags, {
        summary: 'Turn the caller’s product status e-mails on or off',
        body: notificationPreferencesBodySchema,
        response: { 200: notificationPreferencesResponseSchema, ...errors },
      }),
      (request) => preferences.set(authOf(request).userId, request.body),
    );

    // The one-click link of the status e-mail posts a form (RFC 8058 sends
    // `List-Unsubscribe=One-Click`); its body carries nothing the route reads.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, parsed) => parsed(null, {}),
    );

    const page = (reply: FastifyReply, status: number, html: string) =>
      reply.code(status).type('text/html; charset=utf-8').send(html);

    app.get(
      '/unsubscribe',
      {
        schema: {
          tags,
          summary:
            'The status e-mail’s unsubscribe link: a page asking to confirm (changes nothing)',
          querystring: unsubscribeQuerySchema.partial(),
        },
      },
      (request, reply) => {
        const { u, s } = request.query;
        if (!u || !s || !preferences.isValidLink({ u, s })) {
          return page(reply, 400, unsubscribePage({ kind: 'invalid' }));
        }
        const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ u, s }).toString()}`;
        return page(reply, 200, unsubscribePage({ kind: 'confirm', action }));
      },
    );

    app.post(
      '/unsubscribe',
      {
        schema: {
          tags,
          summary:
            'Turn product status e-mails off for the account the link was signed for (one-click, RFC 8058)',
          querystring: unsubscribeQuerySchema.partial(),
        },
      },
      async (request, reply) =>
        (await preferences.unsubscribe(request.query))
          ? page(reply, 200, unsubscribePage({ kind: 'done' }))
          : page(reply, 400, unsubscribePage({ kind: 'invalid' })),
    );

    done();
  };
}
