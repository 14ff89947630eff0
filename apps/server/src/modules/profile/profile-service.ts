import type {
  ChangePasswordBody,
  Profile,
  ProfileUpdateResponse,
  RecoveryCodesBody,
  RecoveryCodesResponse,
  TwoFactorDisableBody,
  TwoFactorSetupResponse,
  TwoFactorVerifyBody,
  UpdateProfileBody,
} from '@chaveiro/contract';
import { AVATAR_PRESET_STYLES, accountMessages, avatarUrl, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database, UserRow } from '../../db/schema.js';
import type { AppContext } from '../../platform/core/context.js';
import type { UploadedFile } from '../../platform/http/multipart.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/core/errors.js';
import { hashPassword, verifyPassword } from '../../platform/crypto/passwords.js';
import { matchTotpStep, newTotpSecret, totpUri } from '../../platform/crypto/totp.js';
import { withTransaction } from '../../platform/db/database.js';
import type { AuthService, CredentialsChecker, SessionsRepository } from '../auth/index.js';
import type {
  AvatarService,
  EmailTokensRepository,
  RecoveryCodesRepository,
  TotpRepository,
  UserAdminRepository,
  UsersRepository,
} from '../users/index.js';
import { newRecoveryCodes, recoveryCodeHash } from '../users/index.js';

const text = messages.profile;

export interface ProfileServiceDeps extends Pick<AppContext, 'db' | 'clock' | 'tokens'> {
  users: UsersRepository;
  accounts: UserAdminRepository;
  emailTokens: EmailTokensRepository;
  totp: TotpRepository;
  recoveryCodes: RecoveryCodesRepository;
  /** The password and second-factor checks of the login, reused to re-authenticate changes. */
  credentials: Pick<CredentialsChecker, 'checkSecondFactor'>;
  avatars: AvatarService;
  /** Sends the confirmation link of an e-mail change. */
  auth: Pick<AuthService, 'sendEmailChangeLink'>;
  /** A password change ends the account's other sessions. */
  sessions: Pick<SessionsRepository, 'endAllExcept'>;
}

/** The signed-in user's own account: names, password, avatar and two-factor login. */
export function createProfileService({
  db,
  clock,
  tokens,
  users,
  accounts,
  emailTokens,
  totp,
  recoveryCodes,
  credentials,
  avatars,
  auth,
  sessions,
}: ProfileServiceDeps) {
  async function load(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw new NotFoundError();
    return user;
  }

  const presetsFor = (username: string) =>
    AVATAR_PRESET_STYLES.map((style) => avatarUrl(style, username));

  /**
   * A token carrying the user's current name and version within the request's own session
   * (`sessionId`), so this tab stays signed in.
   */
  async function freshToken(userId: string, sessionId: string): Promise<string> {
    const user = await load(userId);
    return tokens.sign({
      id: user.id,
      username: user.username,
      role: user.role,
      tokenVersion: user.token_version,
      sessionId,
    });
  }

  /** Checks a 6-digit code against the secret and spends its time step (no replay). */
  async function acceptCode(user: UserRow, code: string): Promise<void> {
    const step = user.totp_secret ? matchTotpStep(user.totp_secret, code, clock.now()) : null;
    if (step === null || !(await totp.claimStep(user.id, step))) {
      throw new BadRequestError(accountMessages.secondFactorInvalid, 'TWO_FACTOR_INVALID');
    }
  }

  /** The current password; 400, not 401, since the web signs out on any 401. */
  async function checkPassword(user: UserRow, currentPassword: string): Promise<void> {
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      throw new BadRequestError(accountMessages.passwordWrong, 'PASSWORD_WRONG');
    }
  }

  /**
   * A sensitive change proves it is the owner, not just a session token: the current password
   * and, with 2FA on, a code of the app or an unused recovery code (spent).
   */
  async function reauthenticate(
    user: UserRow,
    proof: { currentPassword: string; totp?: string | undefined },
  ): Promise<void> {
    await checkPassword(user, proof.currentPassword);
    const secondFactor = await credentials.checkSecondFactor(user, proof.totp);
    if (secondFactor === 'required') {
      throw new BadRequestError(accountMessages.secondFactorRequired, 'TWO_FACTOR_REQUIRED');
    }
    if (secondFactor === 'invalid') {
      throw new BadRequestError(accountMessages.secondFactorInvalid, 'TWO_FACTOR_INVALID');
    }
  }

  /** Stores a new set of recovery codes (hashed) in place of the old ones and answers them. */
  async function issueRecoveryCodes(userId: string, executor: Kysely<Database>): Promise<string[]> {
    const codes = newRecoveryCodes();
    await recoveryCodes.replace(userId, codes.map(recoveryCodeHash), clock.now(), executor);
    return codes;
  }

  async function profileOf(userId: string): Promise<Profile> {
    const user = await load(userId);
    return {
      username: user.username,
      email: user.email,
      avatar_url: user.avatar_url,
      is_two_factor_enabled: user.totp_enabled === 1,
      recovery_codes_remaining: user.totp_enabled ? await recoveryCodes.countUnused(userId) : 0,
      pending_email: await emailTokens.pendingEmailChange(userId, clock.now()),
      avatar_presets: presetsFor(user.username),
    };
  }

  return {
    get: profileOf,

    /** `sessionId`: the request's session, which a renamed user's fresh token keeps. */
    async update(
      userId: string,
      body: UpdateProfileBody,
      sessionId: string,
    ): Promise<ProfileUpdateResponse> {
      const user = await load(userId);
      if ('username' in body) {
        const taken = await accounts.takenByOthers(
          userId,
          { username: body.username },
          clock.now(),
        );
        if (taken.username) throw new ConflictError(messages.auth.usernameTaken, 'USERNAME_TAKEN');
        await accounts.updateAccount(userId, { username: body.username });
        // A chosen preset is seeded by the old name; keep showing the same picture.
        return { message: text.usernameUpdated, token: await freshToken(userId, sessionId) };
      }
      if (body.email === user.email_lower) {
        throw new BadRequestError(text.emailUnchanged, 'EMAIL_UNCHANGED');
      }
      await reauthenticate(user, body);
      // The address changes only when the link sent to it is opened: proof it is theirs. A taken
      // address answers the same (only its owner hears of the attempt).
      await auth.sendEmailChangeLink(user, body.email);
      return { message: text.emailChangeSent };
    },

    /** `sessionId`: the request's session, the only one left open. */
    async changePassword(
      userId: string,
      body: ChangePasswordBody,
      sessionId: string,
    ): Promise<ProfileUpdateResponse> {
      const user = await load(userId);
      await reauthenticate(user, body);
      // Ends the account's security epoch and every other session; this one gets a fresh token.
      await accounts.updateAccount(userId, {
        password: { hash: await hashPassword(body.newPassword), reason: 'password_changed' },
      });
      await sessions.endAllExcept(userId, sessionId, clock.now());
      return { message: text.passwordUpdated, token: await freshToken(userId, sessionId) };
    },

    async selectAvatar(userId: string, url: string): Promise<ProfileUpdateResponse> {
      const user = await load(userId);
      if (!presetsFor(user.username).includes(url)) {
        throw new BadRequestError(text.avatarNotOffered, 'AVATAR_NOT_OFFERED');
      }
      await accounts.setAvatarUrl(userId, url);
      return { message: text.avatarUpdated };
    },

    /** A PNG or JPEG picture of the user's own (spec §5), checked by its bytes. */
    async uploadAvatar(userId: string, upload: UploadedFile | undefined): Promise<Profile> {
      if (!upload) throw new BadRequestError(text.avatarMissing);
      await avatars.replace(
        upload,
        ['image/png', 'image/jpeg'],
        text.avatarPngOrJpeg,
        async (trx) => {
          const user = await users.findById(userId, trx);
          if (!user) throw new NotFoundError();
          await avatars.point(trx, user, upload.sha256);
        },
      );
      return profileOf(userId);
    },

    async generateTwoFactor(userId: string): Promise<TwoFactorSetupResponse> {
      const user = await load(userId);
      if (user.totp_enabled) throw new ConflictError(text.twoFactorAlreadyEnabled);
      const secret = newTotpSecret();
      await totp.savePendingSecret(userId, secret);
      const qrCodeUrl = await QRCode.toDataURL(totpUri(secret, user.email ?? user.username), {
        errorCorrectionLevel: 'M',
        margin: 1,
        width: 240,
      });
      return { qrCodeUrl, secret, message: text.twoFactorGenerated };
    },

    /** Turns 2FA on with the first code of the pending secret; answers the recovery codes. */
    async verifyTwoFactor(
      userId: string,
      body: TwoFactorVerifyBody,
    ): Promise<RecoveryCodesResponse> {
      const user = await load(userId);
      if (user.totp_enabled) throw new ConflictError(text.twoFactorAlreadyEnabled);
      if (!user.totp_secret) throw new BadRequestError(text.twoFactorNotPending);
      await checkPassword(user, body.currentPassword);
      await acceptCode(user, body.token);
      const recoveryCodes = await withTransaction(db, async (trx) => {
        // Two confirmations at once (two codes of adjacent steps): only one enables and mints.
        if (!(await totp.enable(userId, trx))) {
          throw new ConflictError(text.twoFactorAlreadyEnabled);
        }
        return issueRecoveryCodes(userId, trx);
      });
      return { message: text.twoFactorEnabled, recoveryCodes };
    },

    /**
     * New recovery codes for the password and a current code (the new codes pass every 2FA
     * check, so the password alone must not mint them); the old ones, used or not, stop working.
     */
    async regenerateRecoveryCodes(
      userId: string,
      body: RecoveryCodesBody,
    ): Promise<RecoveryCodesResponse> {
      const user = await load(userId);
      if (!user.totp_enabled) throw new ConflictError(text.twoFactorNotEnabled);
      await reauthenticate(user, body);
      const codes = await withTransaction(db, (trx) => issueRecoveryCodes(userId, trx));
      return { message: accountMessages.recoveryCodesRegenerated, recoveryCodes: codes };
    },

    /** Turns 2FA off with the password and a code (of the app or a recovery code). */
    async disableTwoFactor(
      userId: string,
      body: TwoFactorDisableBody,
    ): Promise<ProfileUpdateResponse> {
      const user = await load(userId);
      if (!user.totp_enabled) throw new ConflictError(text.twoFactorNotEnabled);
      await reauthenticate(user, body);
      await withTransaction(db, async (trx) => {
        await totp.disable(userId, trx);
        await recoveryCodes.deleteAll(userId, trx);
      });
      return { message: text.twoFactorDisabled };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
