/** The admin console's work queues and command-palette search. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import { createAdminConsoleRepository } from './admin-console-repository.js';
import { adminConsoleRoutes } from './admin-console-routes.js';
import { createAdminConsoleService } from './admin-console-service.js';

export function createAdminConsoleModule({
  db,
  dialect,
  clock,
  outbox,
  activity,
}: Pick<Platform, 'db' | 'dialect' | 'clock' | 'outbox'> & { activity: ActivityService }) {
  const adminConsole = createAdminConsoleService({
    db,
    clock,
    repository: createAdminConsoleRepository(db, dialect),
    outbox,
    activity,
  });
  return defineModule({
    name: 'admin-console',
    routes: [{ scope: 'api', prefix: '/admin', plugin: adminConsoleRoutes({ adminConsole }) }],
  });
}
