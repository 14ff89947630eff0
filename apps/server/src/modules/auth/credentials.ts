import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_PATTERN } from '@chaveiro/contract';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../platform/core/clock.js';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/crypto/passwords.js';
import { matchTotpStep } from '../../platform/crypto/totp.js';
import type { RecoveryCodesRepository, TotpRepository, UsersRepository } from '../users/index.js';
import { recoveryCodeHash } from '../users/index.js';
import type { SignupHoldsRepository } from './signup-holds-repository.js';

/** `held`: no account, but the right password of a username a sign-up holds (SignupHoldsTable). */
export type PasswordCheck =
  | { status: 'ok'; user: UserRow }
  | { status: 'wrong-password'; user: UserRow }
  | { status: 'held' }
  | { status: 'unknown-account' };

export type SecondFactorCheck = 'ok' | 'required' | 'invalid';

/**
 * Password and TOTP verification, shared by the site's login and the loader so both apply the
 * same argon2 work, decoy and replay rules.
 */
export function createCredentialsChecker({
  clock,
  users,
  totp,
  recoveryCodes,
  holds,
}: {
  clock: Clock;
  users: UsersRepository;
  totp: TotpRepository;
  recoveryCodes: RecoveryCodesRepository;
  holds: SignupHoldsRepository;
}) {
  // Unknown accounts are checked against this hash so a login costs the same argon2 work
  // whether or not the account exists (no timing oracle for enumeration).
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

  return {
    /** The account `identifier` (username or e-mail) names, and whether `password` is its. */
    async checkPassword(identifier: string, password: string): Promise<PasswordCheck> {
      const user = await users.findByLogin(identifier);
      const hold = user ? undefined : await holds.findByLogin(identifier, clock.now());
      const passwordOk = await verifyPassword(
        user?.password_hash ?? hold?.password_hash ?? (await decoy()),
        password,
      );
      if (!user) return { status: hold && passwordOk ? 'held' : 'unknown-account' };
      if (!passwordOk) return { status: 'wrong-password', user };
      // A KeyAuth import keeps its bcrypt hash until the password is known: now.
      // Every password login (site, our loader, KeyAuth's) passes here, so the upgrade is once.
      if (needsRehash(user.password_hash)) {
        const upgraded = await hashPassword(password);
        await users.upgradePasswordHash(user.id, user.password_hash, upgraded);
        return { status: 'ok', user: { ...user, password_hash: upgraded } };
      }
      return { status: 'ok', user };
    },

    /**
     * With 2FA on, `code` must be the current (±1 step) code and not one already used: the step
     * is claimed, so a code seen by someone else cannot be replayed. Anything else of the shape
     * of a recovery code is one of the account's unused recovery codes, spent here.
     */
    async checkSecondFactor(user: UserRow, code: string | undefined): Promise<SecondFactorCheck> {
      if (!user.totp_enabled || !user.totp_secret) return 'ok';
      const typed = code?.trim();
      if (!typed) return 'required';
      if (/^\d{6}$/.test(typed)) {
        const step = matchTotpStep(user.totp_secret, typed, clock.now());
        return step !== null && (await totp.claimStep(user.id, step)) ? 'ok' : 'invalid';
      }
      if (!RECOVERY_CODE_PATTERN.test(typed)) return 'invalid';
      return (await recoveryCodes.spend(user.id, recoveryCodeHash(typed), clock.now()))
        ? 'ok'
        : 'invalid';
    },
  };
}

export type CredentialsChecker = ReturnType<typeof createCredentialsChecker>;
