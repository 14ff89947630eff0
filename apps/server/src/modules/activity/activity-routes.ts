import { Readable } from 'node:stream';
import {
  activityExportQuerySchema,
  activityPageSchema,
  activityQuerySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, guardedRoute } from '../../platform/http/route-schemas.js';
import type { ActivityService } from './activity-service.js';

/** The audit log (admin menu: Activity Logs): filtered, paged, and exported as CSV. */
export function activityRoutes({
  activity: service,
}: {
  activity: ActivityService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['activity'];

    app.get(
      '',
      guardedRoute(admin, tags, {
        summary:
          'Page the activity log, newest first; filters: q (action text), type, actorId, target, subject (a user: actor or target), from/to (São Paulo days)',
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...adminErrors },
      }),
      (request) => service.list(request.query),
    );

    app.get(
      '/export',
      guardedRoute(admin, tags, {
        summary: 'The activity lines matching the filters as CSV (at most 50 000 rows)',
        querystring: activityExportQuerySchema,
      }),
      (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="atividades.csv"')
          .send(Readable.from(service.exportCsv(request.query))),
    );
    done();
  };
}
