import type {
  ChangePasswordBody,
  Profile,
  ProfileUpdateResponse,
  TwoFactorSetupResponse,
  UpdateProfileBody,
} from '@chaveiro/contract';
import { AVATAR_PRESET_STYLES, avatarUrl, messages } from '@chaveiro/contract';
import QRCode from 'qrcode';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import type { UploadedFile } from '../../platform/multipart.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { matchTotpStep, newTotpSecret, totpUri } from '../../platform/totp.js';
import type { AuthService, EmailTokensRepository, SessionsRepository } from '../auth/index.js';
import type {
  AvatarService,
  TotpRepository,
  UserAdminRepository,
  UsersRepository,
} from '../users/index.js';

const text = messages.profile;

export interface ProfileServiceDeps extends Pick<AppContext, 'clock' | 'tokens'> {
  users: UsersRepository;
  accounts: UserAdminRepository;
  emailTokens: EmailTokensRepository;
  totp: TotpRepository;
  avatars: AvatarService;
  /** Sends the confirmation link of an e-mail change. */
  auth: Pick<AuthService, 'sendEmailChangeLink'>;
  /** A password change ends the account's other sessions. */
  sessions: Pick<SessionsRepository, 'endAllExcept'>;
}

/** The signed-in user's own account: names, password, avatar and two-factor login. */
export function createProfileService({
  clock,
  tokens,
  users,
  accounts,
  emailTokens,
  totp,
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
      throw new BadRequestError(messages.auth.twoFactorInvalid, 'TWO_FACTOR_INVALID');
    }
  }

  async function profileOf(userId: string): Promise<Profile> {
    const user = await load(userId);
    return {
      username: user.username,
      email: user.email,
      avatar_url: user.avatar_url,
      is_two_factor_enabled: user.totp_enabled === 1,
      // TODO(#24 recovery codes): the unused codes left.
      recovery_codes_remaining: 0,
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
      if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
        throw new BadRequestError(text.passwordWrong, 'PASSWORD_WRONG');
      }
      // Raises token_version and ends every other session; this one gets a fresh token.
      await accounts.updateAccount(userId, { passwordHash: await hashPassword(body.newPassword) });
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
      const qrCodeUrl = await QRCode.toDataURL(totpUri(secret, user.email), {
        errorCorrectionLevel: 'M',
        margin: 1,
        width: 240,
      });
      return { qrCodeUrl, secret, message: text.twoFactorGenerated };
    },

    async verifyTwoFactor(userId: string, code: string): Promise<ProfileUpdateResponse> {
      const user = await load(userId);
      if (user.totp_enabled) throw new ConflictError(text.twoFactorAlreadyEnabled);
      if (!user.totp_secret) throw new BadRequestError(text.twoFactorNotPending);
      await acceptCode(user, code);
      await totp.setEnabled(userId, true);
      return { message: text.twoFactorEnabled };
    },

    async disableTwoFactor(userId: string, code: string): Promise<ProfileUpdateResponse> {
      const user = await load(userId);
      if (!user.totp_enabled) throw new ConflictError(text.twoFactorNotEnabled);
      await acceptCode(user, code);
      await totp.setEnabled(userId, false);
      return { message: text.twoFactorDisabled };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
