/**
 * The loaders' security (docs/loader-protocol.md): the one writer of `loader_security_events`.
 * Client signals reported on a loader session and the product's rule for each (record, end the
 * session, blacklist the HWID, ban the account), the loader's version and integrity at auth, and
 * the admin's "Segurança" queue. The loader API calls it; each stored event is `loader.tampered`.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UserAdminRepository, UsersRepository } from '../users/index.js';
import { securityEventsRoutes } from './loader-security-routes.js';
import { createLoaderSecurity } from './loader-security-service.js';
import { createSecurityEventsRepository } from './security-events-repository.js';

export type {
  GuardedMachine,
  LoaderPolicy,
  LoaderSecurityService,
  LoaderVerdict,
} from './loader-security-service.js';

export function createLoaderSecurityModule({
  db,
  clock,
  events,
  activity,
  subscriptions,
  users,
  userAdmin,
}: Pick<Platform, 'db' | 'clock' | 'events'> & {
  activity: ActivityService;
  subscriptions: SubscriptionsService;
  users: UsersRepository;
  userAdmin: UserAdminRepository;
}) {
  const loaderSecurity = createLoaderSecurity({
    clock,
    repository: createSecurityEventsRepository(db),
    events,
    activity,
    subscriptions,
    users,
    userAdmin,
  });
  return defineModule({
    name: 'loader-security',
    // The loader API reports signals and checks the loader at auth through it.
    services: { loaderSecurity },
    routes: [
      {
        scope: 'api',
        prefix: '/security-events',
        plugin: securityEventsRoutes({ loaderSecurity }),
      },
    ],
  });
}
