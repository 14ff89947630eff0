/**
 * The accounts kernel: users, their second factor (TOTP and recovery codes) and avatars, the
 * first admin, and the XP a redeemed key or a shop purchase earns. The only writer of the
 * `users` table: other modules change an account (status, role, security epoch, password,
 * balance, XP, daily bonus, imported accounts) through these repositories.
 */
export type { ImportedUserRow, UsersRepository } from './users-repository.js';
export { createUsersRepository } from './users-repository.js';
export type { UserAdminRepository } from './user-admin-repository.js';
export { createUserAdminRepository } from './user-admin-repository.js';
export type { UserBalancesRepository } from './user-balances-repository.js';
export { createUserBalancesRepository } from './user-balances-repository.js';
export type { TotpRepository } from './totp-repository.js';
export { createTotpRepository } from './totp-repository.js';
export type { RecoveryCodesRepository } from './recovery-codes-repository.js';
export { createRecoveryCodesRepository } from './recovery-codes-repository.js';
export { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
export type { AvatarService } from './avatar-service.js';
export { createAvatarService } from './avatar-service.js';
export { createAvatarRenderer } from './avatar-renderer.js';
export type { AdminSeedResult } from './admin-seed-service.js';
export { createAdminSeedService } from './admin-seed-service.js';
export { createPurchaseXp, createRedemptionXp } from './xp-rewards.js';
export { avatarsRoutes } from './avatars-routes.js';
