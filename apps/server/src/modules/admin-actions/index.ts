/** The settings screen's mass actions over every non-admin account (spec §6). */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { FilesService } from '../files/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UserAdminRepository } from '../users/index.js';
import { createAdminActionsRepository } from './admin-actions-repository.js';
import { adminActionsRoutes } from './admin-actions-routes.js';
import { createAdminActionsService } from './admin-actions-service.js';

export function createAdminActionsModule({
  db,
  subscriptions,
  userAdmin,
  activity,
  files,
}: Pick<Platform, 'db'> & {
  subscriptions: SubscriptionsService;
  userAdmin: UserAdminRepository;
  activity: ActivityService;
  files: FilesService;
}) {
  const adminActions = createAdminActionsService({
    db,
    repository: createAdminActionsRepository(db),
    subscriptions,
    accounts: userAdmin,
    activity,
    files,
  });
  return defineModule({
    name: 'admin-actions',
    routes: [
      { scope: 'api', prefix: '/admin-actions', plugin: adminActionsRoutes({ adminActions }) },
    ],
  });
}
