/** The admin's reseller management: accounts, balances and their movements. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { UserAdminRepository, UsersRepository } from '../users/index.js';
import { createAdminResellersRepository } from './admin-resellers-repository.js';
import { adminResellersRoutes } from './admin-resellers-routes.js';
import { createAdminResellersService } from './admin-resellers-service.js';

export function createAdminResellersModule({
  db,
  dialect,
  clock,
  events,
  users,
  userAdmin,
  activity,
  balance,
}: Pick<Platform, 'db' | 'dialect' | 'clock' | 'events'> & {
  users: UsersRepository;
  userAdmin: UserAdminRepository;
  activity: ActivityService;
  balance: BalanceService;
}) {
  const adminResellers = createAdminResellersService({
    db,
    clock,
    resellers: createAdminResellersRepository(db, dialect),
    users,
    userAdmin,
    activity,
    balance,
    events,
  });
  return defineModule({
    name: 'admin-resellers',
    routes: [
      { scope: 'api', prefix: '/resellers', plugin: adminResellersRoutes({ adminResellers }) },
    ],
  });
}
