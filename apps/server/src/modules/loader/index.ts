/**
 * The loader API (docs/loader-protocol.md): authenticate, heartbeat, download, the self-update
 * and security signals (loader-security decides).
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { AccountLimits, CredentialsChecker } from '../auth/index.js';
import type { FilesService } from '../files/index.js';
import type { DeliveryService } from '../delivery/index.js';
import type { KeyRedemption } from '../keys/index.js';
import type { LoaderSecurityService } from '../loader-security/index.js';
import type { SettingsCache } from '../settings/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import { createOfflineLicences } from './loader-offline.js';
import { createPresence } from './loader-presence.js';
import { createLoaderRepository } from './loader-repository.js';
import { loaderRoutes } from './loader-routes.js';
import { createLoaderService } from './loader-service.js';
import { createLoaderSessions } from './loader-sessions.js';
import { createLoaderUpdate } from './loader-update.js';
import { createLoaderUpdateTokens } from './loader-update-tokens.js';

export type { LoaderKey } from './loader-repository.js';
export type { Presence } from './loader-presence.js';
export { LoaderRefusalError } from './loader-answers.js';
export {
  productBlockOf,
  productDownBy,
  productOperationalOf,
  unavailabilityOf,
} from './loader-availability.js';
export type {
  ClosedCode,
  ProductDownCode,
  ProductOperationalState,
  UnusableCode,
} from './loader-availability.js';
export type {
  Admission,
  Credential,
  CredentialReach,
  LiveSession,
  LoaderAttempt,
  LoaderCredentials,
  LoaderService,
} from './loader-service.js';

export function createLoaderModule({
  db,
  dialect,
  clock,
  config,
  sharedState,
  readNow,
  runInBackground,
  events,
  log,
  loaderSigner,
  earlyRefusals,
  users,
  credentials,
  accountLimits,
  redemption,
  deliveries,
  files,
  activity,
  subscriptions,
  settingsCache,
  loaderSecurity,
}: Pick<
  Platform,
  | 'db'
  | 'dialect'
  | 'clock'
  | 'config'
  | 'sharedState'
  | 'readNow'
  | 'runInBackground'
  | 'events'
  | 'log'
  | 'loaderSigner'
  | 'earlyRefusals'
> & {
  users: UsersRepository;
  credentials: CredentialsChecker;
  accountLimits: AccountLimits;
  redemption: KeyRedemption;
  deliveries: DeliveryService;
  files: FilesService;
  activity: ActivityService;
  subscriptions: SubscriptionsService;
  settingsCache: SettingsCache;
  loaderSecurity: LoaderSecurityService;
}) {
  // Heartbeats note presence in memory; it is written every few seconds and on close.
  const presence = createPresence({ dialect, clock, runInBackground }, log);
  const sessions = createLoaderSessions(config.jwtSecret, clock);
  const repository = createLoaderRepository({ db, readNow });
  const update = createLoaderUpdate({
    clock,
    repository,
    files,
    settings: settingsCache,
    tokens: createLoaderUpdateTokens(config.jwtSecret, clock),
  });
  const loader = createLoaderService({
    db,
    clock,
    sharedState,
    repository,
    users,
    credentials,
    redemption,
    deliveries,
    activity,
    events,
    subscriptions,
    settings: settingsCache,
    presence,
    sessions,
    guard: loaderSecurity,
    update,
    offline: createOfflineLicences(loaderSigner, clock),
  });
  return defineModule({
    name: 'loader',
    // KeyAuth's protocol runs our loader's checks; the analytics sample flushes presence first.
    services: { loader, presence },
    routes: [
      {
        scope: 'loader',
        prefix: '/api/loader',
        plugin: loaderRoutes({
          clock,
          sharedState,
          signer: loaderSigner,
          loader,
          update,
          sessions,
          accountLimits,
          earlyRefusals,
        }),
      },
    ],
    jobs: { loaderPresence: presence },
  });
}
