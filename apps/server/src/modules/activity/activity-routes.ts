import { activityPageSchema, activityQuerySchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, guardedRoute } from '../../platform/route-schemas.js';
import type { ActivityService } from './activity-service.js';

/** The whole activity log, paged and searchable (admin menu: Activity Logs). */
export function activityRoutes({
  activity: service,
}: {
  activity: ActivityService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/activity',
      guardedRoute(app.requireRole('admin'), ['activity'], {
        summary: 'Page the activity log, newest first; q searches the action text',
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );
    done();
  };
}
