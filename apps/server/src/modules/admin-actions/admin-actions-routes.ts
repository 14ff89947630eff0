import { massActionResponseSchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, guardedRoute } from '../../platform/http/route-schemas.js';
import { actorOf } from '../../platform/http/auth.js';
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
      guardedRoute(admin, tags, {
        summary: 'Free every HWID of every non-admin account; answers how many accounts',
        response: { 200: massActionResponseSchema, ...adminErrors },
      }),
      (request) => service.resetAllHwids(actorOf(request)),
    );

    app.post(
      '/delete-all-users',
      guardedRoute(admin, tags, {
        summary: 'Delete every non-admin account; answers how many',
        response: { 200: massActionResponseSchema, ...adminErrors },
      }),
      (request) => service.deleteAllUsers(actorOf(request)),
    );

    done();
  };
}
