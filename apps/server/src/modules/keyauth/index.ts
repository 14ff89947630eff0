/**
 * KeyAuth compatibility (docs/keyauth-compat.md). The protocol: a product with the compatibility
 * on answers `POST /api/1.3/` and `POST|GET /api/1.2/` with our loader's rules. The admin
 * console: the app settings, variables and HWID blacklist under /api/products/:id.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import { createPeriodicJob } from '../../platform/jobs/periodic-job.js';
import type { ActivityService } from '../activity/index.js';
import type { AccountLimits } from '../auth/index.js';
import type { DeliveryService } from '../delivery/index.js';
import type { KeyRedemption } from '../keys/index.js';
import type { LoaderService } from '../loader/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UserAdminRepository, UsersRepository } from '../users/index.js';
import { createKeyAuthAppsRepository } from './keyauth-apps-repository.js';
import { keyAuthAppsRoutes } from './keyauth-apps-routes.js';
import { createKeyAuthAppsService } from './keyauth-apps-service.js';
import { createKeyAuthProtocolRepository } from './keyauth-protocol-repository.js';
import { keyauthProtocolRoutes } from './keyauth-protocol-routes.js';
import { createKeyAuthProtocolService } from './keyauth-protocol-service.js';
import { createTamperedHwidBlacklist } from './tampered-hwid-blacklist.js';

/** How often expired KeyAuth sessions are deleted. */
const SESSION_PURGE_MS = 10 * 60 * 1000;

export function createKeyAuthModule({
  db,
  dialect,
  clock,
  config,
  jobLeases,
  events,
  log,
  loaderSigner,
  loader,
  deliveries,
  users,
  userAdmin,
  redemption,
  accountLimits,
  activity,
  subscriptions,
}: Pick<
  Platform,
  'db' | 'dialect' | 'clock' | 'config' | 'jobLeases' | 'events' | 'log' | 'loaderSigner'
> & {
  loader: Pick<LoaderService, 'steps'>;
  deliveries: DeliveryService;
  users: UsersRepository;
  userAdmin: UserAdminRepository;
  redemption: KeyRedemption;
  accountLimits: AccountLimits;
  activity: ActivityService;
  subscriptions: Pick<SubscriptionsService, 'hwidBoundToOthers'>;
}) {
  const keyAuthApps = createKeyAuthAppsService({
    db,
    clock,
    repository: createKeyAuthAppsRepository(db, dialect),
    activity,
    publicUrl: config.publicUrl,
    signer: loaderSigner,
  });
  const keyauth = createKeyAuthProtocolService({
    clock,
    publicUrl: config.publicUrl,
    repository: createKeyAuthProtocolRepository(db),
    loader,
    deliveries,
    users,
    accounts: userAdmin,
    redemption,
    activity,
    events,
    subscriptions,
  });
  return defineModule({
    name: 'keyauth',
    routes: [
      {
        scope: 'loader',
        prefix: '',
        plugin: keyauthProtocolRoutes({ clock, signer: loaderSigner, keyauth, accountLimits }),
      },
      { scope: 'api', prefix: '/products/:id', plugin: keyAuthAppsRoutes({ keyAuthApps }) },
    ],
    // The product's HWID blacklist is this module's: a security rule's blacklisting lands here.
    handlers: [createTamperedHwidBlacklist({ activity })],
    jobs: {
      /** Expired KeyAuth sessions deleted every 10 minutes. */
      keyauthSessionPurge: createPeriodicJob({
        run: () => keyauth.purgeExpiredSessions(),
        intervalMs: SESSION_PURGE_MS,
        // A delete of what expired: two at once delete it once.
        lease: { name: 'keyauth-session-purge', leases: jobLeases },
        onError: (error) => log.error({ err: error }, 'keyauth session purge failed'),
      }),
    },
  });
}
