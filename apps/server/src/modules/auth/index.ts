/** Sign-up, e-mail confirmation, login and password reset; credentials shared with the loader. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { ActivityService } from '../activity/index.js';
import type { SettingsCache } from '../settings/index.js';
import type {
  EmailTokensRepository,
  RecoveryCodesRepository,
  TotpRepository,
  UserAdminRepository,
  UsersRepository,
} from '../users/index.js';
import { createAccountLimits } from './account-limits.js';
import { authRoutes } from './auth-routes.js';
import { createAuthService } from './auth-service.js';
import { createCredentialsChecker } from './credentials.js';
import { createSessionsRepository } from './sessions-repository.js';
import { sessionsRoutes } from './sessions-routes.js';
import { createSessionsService } from './sessions-service.js';
import { createSignupHoldsRepository } from './signup-holds-repository.js';
import { createUserLoginsRepository } from './user-logins-repository.js';

export type { AccountLimits } from './account-limits.js';
export type { AuthService } from './auth-service.js';
export type { CredentialsChecker } from './credentials.js';
export type { UserLoginsRepository } from './user-logins-repository.js';
export type { SessionRow, SessionsRepository } from './sessions-repository.js';
export { createSessionsRepository } from './sessions-repository.js';
export type { SessionsService } from './sessions-service.js';
export { deviceLabel } from './device-label.js';

export function createAuthModule({
  db,
  clock,
  config,
  tokens,
  mailer,
  background,
  runInBackground,
  events,
  users,
  userAdmin,
  emailTokens,
  totp,
  recoveryCodes,
  settingsCache,
  activity,
}: Pick<
  Platform,
  'db' | 'clock' | 'config' | 'tokens' | 'mailer' | 'background' | 'runInBackground' | 'events'
> & {
  users: UsersRepository;
  userAdmin: UserAdminRepository;
  emailTokens: EmailTokensRepository;
  totp: TotpRepository;
  recoveryCodes: RecoveryCodesRepository;
  settingsCache: SettingsCache;
  activity: ActivityService;
}) {
  const holds = createSignupHoldsRepository(db);
  const sessionRows = createSessionsRepository(db);
  const credentials = createCredentialsChecker({ clock, users, totp, recoveryCodes, holds });
  const sessions = createSessionsService({
    clock,
    background,
    runInBackground,
    sessions: sessionRows,
    users,
    events,
  });
  const auth = createAuthService({
    db,
    clock,
    config,
    tokens,
    mailer,
    background,
    sessions,
    sessionRows,
    users,
    accounts: userAdmin,
    emailTokens,
    holds,
    settings: settingsCache,
    credentials,
    logins: createUserLoginsRepository(db),
    activity,
    events,
  });
  /** Per-account limits; the login one is shared by the site's and the loader's login. */
  const accountLimits = createAccountLimits(users);
  return defineModule({
    name: 'auth',
    services: { auth, sessions, sessionRows, credentials, accountLimits },
    routes: [
      { scope: 'api', prefix: '/auth', plugin: authRoutes({ auth, accountLimits, sessions }) },
      { scope: 'api', prefix: '/profile/sessions', plugin: sessionsRoutes({ sessions }) },
    ],
  });
}
