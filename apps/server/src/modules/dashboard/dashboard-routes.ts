import { metricsResponseSchema, recentActivitiesResponseSchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, guardedRoute } from '../../platform/http/route-schemas.js';
import type { ActivityService } from '../activity/index.js';
import type { DashboardService } from './dashboard-service.js';

/** The admin dashboard's metric cards and recent activity list (spec §2). */
export function dashboardRoutes({
  dashboard: service,
  activity,
}: {
  dashboard: DashboardService;
  activity: ActivityService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');

    app.get(
      '/metrics',
      guardedRoute(admin, ['dashboard'], {
        summary: 'Online, active and banned users and subscriptions expired in 30 days',
        description: 'Polled every second by each admin tab; values are at most 1 s old.',
        response: { 200: metricsResponseSchema, ...adminErrors },
      }),
      () => service.metrics(),
    );

    app.get(
      '/recent-activities',
      guardedRoute(admin, ['dashboard'], {
        summary: 'The latest 20 activity log lines',
        response: { 200: recentActivitiesResponseSchema, ...adminErrors },
      }),
      () => activity.recent(),
    );
    done();
  };
}
