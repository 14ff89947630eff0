/** The admin's 'Gerenciar Usuários': the user table, the create form and the manage dialog. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { SessionsRepository } from '../auth/index.js';
import type { FilesService } from '../files/index.js';
import type { ProductsRepository } from '../products/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UserAdminRepository, UsersRepository } from '../users/index.js';
import { adminUsersRoutes } from './admin-users-routes.js';
import { createAdminUsersService } from './admin-users-service.js';
import { createUserDirectoryRepository } from './user-directory-repository.js';

export type { AdminUsersService } from './admin-users-service.js';

export function createAdminUsersModule({
  db,
  backgroundReads,
  dialect,
  userTotals,
  clock,
  events,
  users,
  userAdmin,
  productRows,
  subscriptions,
  activity,
  files,
  sessionRows,
}: Pick<Platform, 'db' | 'backgroundReads' | 'dialect' | 'userTotals' | 'clock' | 'events'> & {
  users: UsersRepository;
  userAdmin: UserAdminRepository;
  productRows: ProductsRepository;
  subscriptions: SubscriptionsService;
  activity: ActivityService;
  files: FilesService;
  sessionRows: Pick<SessionsRepository, 'endAllExcept'>;
}) {
  const adminUsers = createAdminUsersService({
    db,
    clock,
    users,
    userAdmin,
    directory: createUserDirectoryRepository(db, dialect, userTotals, backgroundReads),
    products: productRows,
    subscriptions,
    activity,
    files,
    events,
    sessions: sessionRows,
  });
  return defineModule({
    name: 'admin-users',
    // The seller API bans and reinstates through the same path.
    services: { adminUsers },
    routes: [{ scope: 'api', prefix: '/users', plugin: adminUsersRoutes({ adminUsers }) }],
  });
}
