/** The admin activity log: every admin action and failed loader attempt, one line each. */
import { ADMIN_LIMITS } from '@chaveiro/contract';
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import { sharedCountCache } from '../../platform/state/count-cache.js';
import { createActivityHandlers } from './activity-handlers.js';
import { createActivityRepository } from './activity-repository.js';
import { activityRoutes } from './activity-routes.js';
import { createActivityService } from './activity-service.js';

export { createActivityRepository } from './activity-repository.js';
export type { ActivityService } from './activity-service.js';
export { createActivityService } from './activity-service.js';

export function createActivityModule({
  db,
  backgroundReads,
  clock,
  sharedState,
}: Pick<Platform, 'db' | 'backgroundReads' | 'clock' | 'sharedState'>) {
  const repository = createActivityRepository(
    db,
    // The list's filter totals, cleared on every node when a line is written (Redis).
    sharedCountCache(sharedState, 'activity-totals', ADMIN_LIMITS.listCountCacheMs),
    backgroundReads,
  );
  const activity = createActivityService({ clock, repository });
  return defineModule({
    name: 'activity',
    services: { activity },
    routes: [{ scope: 'api', prefix: '/activity', plugin: activityRoutes({ activity }) }],
    handlers: createActivityHandlers({ activity, repository }),
  });
}
