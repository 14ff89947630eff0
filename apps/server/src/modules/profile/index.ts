/** The signed-in user's own account: names, password, avatar and two-factor login. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { AuthService, CredentialsChecker, SessionsRepository } from '../auth/index.js';
import type {
  AvatarService,
  EmailTokensRepository,
  RecoveryCodesRepository,
  TotpRepository,
  UserAdminRepository,
  UsersRepository,
} from '../users/index.js';
import { profileRoutes } from './profile-routes.js';
import { createProfileService } from './profile-service.js';

export function createProfileModule({
  db,
  clock,
  tokens,
  uploads,
  users,
  userAdmin,
  emailTokens,
  totp,
  recoveryCodes,
  credentials,
  avatars,
  auth,
  sessionRows,
}: Pick<Platform, 'db' | 'clock' | 'tokens' | 'uploads'> & {
  users: UsersRepository;
  userAdmin: UserAdminRepository;
  emailTokens: EmailTokensRepository;
  totp: TotpRepository;
  recoveryCodes: RecoveryCodesRepository;
  credentials: Pick<CredentialsChecker, 'checkSecondFactor'>;
  avatars: AvatarService;
  auth: Pick<AuthService, 'sendEmailChangeLink'>;
  sessionRows: Pick<SessionsRepository, 'endAllExcept'>;
}) {
  const profile = createProfileService({
    db,
    clock,
    tokens,
    users,
    accounts: userAdmin,
    emailTokens,
    totp,
    recoveryCodes,
    credentials,
    avatars,
    auth,
    sessions: sessionRows,
  });
  return defineModule({
    name: 'profile',
    routes: [{ scope: 'api', prefix: '/profile', plugin: profileRoutes({ profile, uploads }) }],
  });
}
