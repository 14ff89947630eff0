/** The public status page's data: products on sale and how they have worked lately. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import { createStatusChangedHandler } from './status-page-handlers.js';
import { createStatusPageRepository } from './status-page-repository.js';
import { statusPageRoutes } from './status-page-routes.js';
import { createStatusPageService } from './status-page-service.js';

export function createStatusPageModule({
  db,
  clock,
  sharedState,
}: Pick<Platform, 'db' | 'clock' | 'sharedState'>) {
  const statusPage = createStatusPageService({
    clock,
    repository: createStatusPageRepository(db),
    invalidations: sharedState,
  });
  return defineModule({
    name: 'status-page',
    routes: [{ scope: 'api', prefix: '/status', plugin: statusPageRoutes({ statusPage }) }],
    handlers: [createStatusChangedHandler({ statusPage })],
  });
}
