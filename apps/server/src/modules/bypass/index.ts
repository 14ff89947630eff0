/** Bypass UIDs and the API keys that query them. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import { createBypassRepository } from './bypass-repository.js';
import { bypassRoutes } from './bypass-routes.js';
import { createBypassService } from './bypass-service.js';

export function createBypassModule({
  db,
  clock,
  activity,
}: Pick<Platform, 'db' | 'clock'> & { activity: ActivityService }) {
  const bypass = createBypassService({
    db,
    clock,
    repository: createBypassRepository(db),
    activity,
  });
  return defineModule({
    name: 'bypass',
    routes: [{ scope: 'api', prefix: '/bypass', plugin: bypassRoutes({ bypass }) }],
  });
}
