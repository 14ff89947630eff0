/**
 * The accounts kernel: users, their second factor (TOTP and recovery codes) and avatars, the
 * first admin, and the XP a redeemed key or a shop purchase earns. The only writer of the
 * `users` table: other modules change an account (status, role, security epoch, password,
 * balance, XP, daily bonus, imported accounts) through these repositories.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { FileUploadService, FilesService } from '../files/index.js';
import { createAvatarRenderer } from './avatar-renderer.js';
import { createAvatarService } from './avatar-service.js';
import { createEmailTokensRepository } from './email-tokens-repository.js';
import { avatarsRoutes } from './avatars-routes.js';
import { createRecoveryCodesRepository } from './recovery-codes-repository.js';
import { createTotpRepository } from './totp-repository.js';
import { createUserAdminRepository } from './user-admin-repository.js';
import { createUserBalancesRepository } from './user-balances-repository.js';
import { createUsersRepository } from './users-repository.js';
import { createPurchaseXp, createRedemptionXp } from './xp-rewards.js';

export type { ImportedUserRow, UsersRepository } from './users-repository.js';
export { createUsersRepository } from './users-repository.js';
export type { UserAdminRepository } from './user-admin-repository.js';
export type { UserBalancesRepository } from './user-balances-repository.js';
export type { ConsumedEmailToken, EmailTokensRepository } from './email-tokens-repository.js';
export type { TotpRepository } from './totp-repository.js';
export type { RecoveryCodesRepository } from './recovery-codes-repository.js';
export { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
export type { AvatarService } from './avatar-service.js';
export type { AdminSeedResult } from './admin-seed-service.js';
export { createAdminSeedService } from './admin-seed-service.js';

export function createUsersModule({
  db,
  keyTotals,
  subscriptionCounts,
  userTotals,
  events,
  files,
  fileUploads,
}: Pick<Platform, 'db' | 'keyTotals' | 'userTotals' | 'subscriptionCounts' | 'events'> & {
  files: FilesService;
  fileUploads: FileUploadService;
}) {
  const users = createUsersRepository(db, userTotals);
  const userAdmin = createUserAdminRepository(
    db,
    keyTotals,
    userTotals,
    subscriptionCounts,
    events,
  );
  return defineModule({
    name: 'users',
    services: {
      users,
      userAdmin,
      userBalances: createUserBalancesRepository(db, userTotals),
      /** E-mail confirmation, change and password-reset links. */
      emailTokens: createEmailTokensRepository(db),
      totp: createTotpRepository(db),
      recoveryCodes: createRecoveryCodesRepository(db),
      avatars: createAvatarService({ files, uploads: fileUploads, userAdmin }),
    },
    routes: [
      {
        scope: 'api',
        prefix: '/avatars',
        plugin: avatarsRoutes({ avatarRenderer: createAvatarRenderer() }),
      },
    ],
    handlers: [createRedemptionXp({ users }), createPurchaseXp({ users })],
  });
}
