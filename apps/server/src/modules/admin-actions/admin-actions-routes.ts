import { massActionResponseSchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, bearerAuth } from '../../platform/route-schemas.js';
import { actorOf } from '../../platform/auth.js';
import type { AdminActionsService } from './admin-actions-service.js';

/** Bulk actions of the settings screen (spec §2): never touch an admin account. */
export function adminActionsRoutes({
  adminActions: service,
}: {
  adminActions: AdminActionsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['admin-actions'];

    app.post(
      '/reset-all-hwids',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Free every HWID of every non-admin account; answers how many accounts',
          security: bearerAuth,
          response: { 200: massActionResponseSchema, ...adminErrors },
        },
      },
      (request) => service.resetAllHwids(actorOf(request)),
    );

    app.post(
      '/delete-all-users',
      {
        onRequest: admin,
        schema: {
          tags,
          summary: 'Delete every non-admin account; answers how many',
          security: bearerAuth,
          response: { 200: massActionResponseSchema, ...adminErrors },
        },
      },
      (request) => service.deleteAllUsers(actorOf(request)),
    );

    done();
  };
}
