/** Liveness and database health. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import { createHealthRepository } from './health-repository.js';
import { healthRoutes } from './health-routes.js';
import { createHealthService } from './health-service.js';

export function createHealthModule({
  db,
  dialect,
  draining,
  sharedState,
}: Pick<Platform, 'db' | 'dialect' | 'draining' | 'sharedState'>) {
  const health = createHealthService({
    dialect,
    draining,
    sharedState,
    repository: createHealthRepository(db, dialect),
  });
  return defineModule({
    name: 'health',
    routes: [{ scope: 'api', prefix: '/health', plugin: healthRoutes({ health }) }],
  });
}
