/** Support tickets: the customer's and the admin's side. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import { createSupportRepository } from './support-repository.js';
import { adminSupportRoutes, supportRoutes } from './support-routes.js';
import { createSupportService } from './support-service.js';

export type { SupportService } from './support-service.js';

export function createSupportModule({
  db,
  dialect,
  clock,
  events,
  activity,
}: Pick<Platform, 'db' | 'dialect' | 'clock' | 'events'> & { activity: ActivityService }) {
  const support = createSupportService({
    db,
    clock,
    tickets: createSupportRepository(db, dialect),
    activity,
    events,
  });
  return defineModule({
    name: 'support',
    // The admin's customer page lists the customer's tickets through it.
    services: { support },
    routes: [
      { scope: 'api', prefix: '/support', plugin: supportRoutes({ support }) },
      { scope: 'api', prefix: '/admin/support', plugin: adminSupportRoutes({ support }) },
    ],
  });
}
