import {
  LIMITS,
  adminProfileSchema,
  adminProfileUpdateResponseSchema,
  messages,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf, actorOf } from '../../platform/http/auth.js';
import type { Uploads } from '../../platform/http/multipart.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { AdminProfileService } from './admin-profile-service.js';

/** The admin sidebar block and its 'Personalizar Perfil' dialog. */
export function adminProfileRoutes({
  adminProfile: service,
  uploads,
}: {
  adminProfile: AdminProfileService;
  uploads: Uploads;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['admin profile'];

    app.get(
      '',
      guardedRoute(admin, tags, {
        summary: "The admin's username and avatar",
        response: { 200: adminProfileSchema, ...adminErrors, ...errorResponses(404) },
      }),
      (request) => service.get(authOf(request).userId),
    );

    app.patch(
      '',
      guardedRoute(admin, tags, {
        summary: 'Change username and/or avatar (multipart: username, avatar image ≤ 2 MB)',
        consumes: ['multipart/form-data'],
        response: {
          200: adminProfileUpdateResponseSchema,
          ...adminErrors,
          ...errorResponses(404, 409, 413, 422, 429, 503),
        },
      }),
      (request) =>
        uploads.receive(
          request,
          {
            fields: ['username'],
            file: 'avatar',
            maxFileBytes: LIMITS.avatarMaxBytes,
            tooLargeMessage: messages.admin.avatarTooLarge,
          },
          (form) => service.update(form, actorOf(request)),
        ),
    );

    done();
  };
}
