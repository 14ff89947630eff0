/** The admin dashboard's live metrics. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import { createDashboardRepository } from './dashboard-repository.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { createDashboardService } from './dashboard-service.js';

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardModule({
  backgroundReads,
  clock,
  activity,
}: Pick<Platform, 'backgroundReads' | 'clock'> & { activity: ActivityService }) {
  // The counts scan tens of thousands of index entries: off the event loop.
  const dashboard = createDashboardService({
    clock,
    repository: createDashboardRepository(backgroundReads),
  });
  return defineModule({
    name: 'dashboard',
    // The analytics sampler records the metric cards' own figures (one definition of each).
    services: { dashboard },
    routes: [
      { scope: 'api', prefix: '/dashboard', plugin: dashboardRoutes({ dashboard, activity }) },
    ],
  });
}
