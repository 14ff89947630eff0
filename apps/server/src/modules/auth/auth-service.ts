import { createHash, randomBytes } from 'node:crypto';
import type {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  ResendVerificationBody,
  ResetPasswordBody,
} from '@chaveiro/contract';
import type { EmailTokenPurpose } from '@chaveiro/contract';
import { TIMING, messages } from '@chaveiro/contract';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { withTransaction } from '../../platform/database.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import { createSettingsRepository } from '../settings/settings-repository.js';
import { createUserAdminRepository, createUsersRepository } from '../users/users-repository.js';
import { emailChangeMail, passwordResetMail, verificationMail } from './auth-mails.js';
import { createCredentialsChecker } from './credentials.js';
import { createEmailTokensRepository } from './email-tokens-repository.js';

const text = messages.auth;

export function createAuthService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'tokens' | 'mailer'>,
) {
  const { db, clock, config, tokens, mailer } = ctx;
  const users = createUsersRepository(db);
  const accounts = createUserAdminRepository(db);
  const emailTokens = createEmailTokensRepository(db);
  const settings = createSettingsRepository(db);
  const credentials = createCredentialsChecker(ctx);

  async function issueEmailToken(
    user: UserRow,
    purpose: EmailTokenPurpose,
    newEmail?: string,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const ttl = purpose === 'reset' ? TIMING.resetTokenTtlMs : TIMING.verifyTokenTtlMs;
    await emailTokens.insert({
      id: newId(),
      userId: user.id,
      purpose,
      tokenHash: sha256(token),
      ...(newEmail ? { newEmail } : {}),
      expiresAt: clock.now() + ttl,
      createdAt: clock.now(),
    });
    return token;
  }

  async function sendVerification(user: UserRow): Promise<void> {
    const token = await issueEmailToken(user, 'verify');
    const link = `${config.publicUrl}/verify-email?token=${token}`;
    // In the background: a slow or failing mail server must not fail the sign-up (the user can
    // ask for the link again) nor make existing accounts answer slower than unknown ones.
    mailer.sendInBackground(verificationMail(user.email, user.username, link));
  }

  return {
    async register(body: RegisterBody): Promise<MessageResponse> {
      const taken = await users.findTakenNames(body.username, body.email);
      if (taken.username) throw new ConflictError(text.usernameTaken, 'USERNAME_TAKEN');
      if (taken.email) throw new ConflictError(text.emailTaken, 'EMAIL_TAKEN');
      const id = newId();
      try {
        await users.insert({
          id,
          username: body.username,
          email: body.email,
          password_hash: await hashPassword(body.password),
          role: 'client',
          status: 'active',
          email_verified_at: null,
          created_at: clock.now(),
        });
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides, the loser gets a 409.
        const again = await users.findTakenNames(body.username, body.email);
        if (again.username) throw new ConflictError(text.usernameTaken, 'USERNAME_TAKEN');
        if (again.email) throw new ConflictError(text.emailTaken, 'EMAIL_TAKEN');
        throw error;
      }
      const user = await users.findById(id);
      if (user) await sendVerification(user);
      return { message: text.registered };
    },

    /** Confirms a sign-up address, or switches the account to a new address it confirmed. */
    async verifyEmail(token: string): Promise<MessageResponse> {
      const outcome = await withTransaction(db, async (trx) => {
        const consumed = await emailTokens.consume(
          sha256(token),
          ['verify', 'email_change'],
          clock.now(),
          trx,
        );
        if (!consumed) return undefined;
        if (consumed.purpose === 'email_change' && consumed.newEmail) {
          // Someone may have taken the address since the link was sent.
          const owner = await users.findByEmail(consumed.newEmail, trx);
          if (owner && owner.id !== consumed.userId) return 'taken' as const;
          await accounts.updateAccount(consumed.userId, { email: consumed.newEmail }, trx);
        }
        await users.markEmailVerified(consumed.userId, clock.now(), trx);
        return consumed.purpose;
      });
      if (outcome === 'taken') throw new ConflictError(text.emailTaken, 'EMAIL_TAKEN');
      if (!outcome)
        throw new BadRequestError(messages.errors.tokenInvalidOrExpired, 'TOKEN_INVALID');
      return {
        message: outcome === 'email_change' ? messages.profile.emailChanged : text.emailVerified,
      };
    },

    /** E-mails a link that moves the account to `newEmail` once opened (profile change). */
    async sendEmailChangeLink(user: UserRow, newEmail: string): Promise<void> {
      const token = await issueEmailToken(user, 'email_change', newEmail);
      const link = `${config.publicUrl}/verify-email?token=${token}`;
      mailer.sendInBackground(emailChangeMail(newEmail, user.username, link));
    },

    async resendVerification(body: ResendVerificationBody): Promise<MessageResponse> {
      const user = await users.findByEmail(body.email);
      if (user && user.email_verified_at === null && user.status === 'active') {
        await sendVerification(user);
      }
      return { message: text.verificationResent };
    },

    async login(body: LoginBody): Promise<LoginResponse> {
      const check = await credentials.checkPassword(body.identifier, body.password);
      if (check.status !== 'ok') {
        throw new UnauthorizedError(text.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      const { user } = check;
      // Maintenance (the API gate lets login through): only admins may still sign in.
      if (user.role !== 'admin' && (await settings.get('maintenance_mode')) === 'on') {
        throw new ServiceUnavailableError(messages.settings.maintenance, 'MAINTENANCE');
      }
      // Account state is revealed only to someone who knows the password.
      if (user.status === 'banned') throw new ForbiddenError(text.banned, 'ACCOUNT_BANNED');
      if (user.email_verified_at === null) {
        throw new ForbiddenError(text.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      }
      const secondFactor = await credentials.checkSecondFactor(user, body.totp);
      if (secondFactor === 'required') {
        throw new UnauthorizedError(text.twoFactorRequired, 'TWO_FACTOR_REQUIRED');
      }
      if (secondFactor === 'invalid') {
        throw new UnauthorizedError(text.twoFactorInvalid, 'TWO_FACTOR_INVALID');
      }
      const token = await tokens.sign({
        id: user.id,
        username: user.username,
        role: user.role,
        tokenVersion: user.token_version,
      });
      return { token, role: user.role, message: messages.success.login };
    },

    async forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
      const user = await users.findByEmail(body.email);
      if (user && user.status === 'active') {
        const token = await issueEmailToken(user, 'reset');
        const link = `${config.publicUrl}/reset-password?token=${token}`;
        mailer.sendInBackground(passwordResetMail(user.email, user.username, link));
      }
      // The same answer either way: the form must not reveal which emails have accounts.
      return { message: text.resetLinkSent };
    },

    async resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
      const passwordHash = await hashPassword(body.password);
      const done = await withTransaction(db, async (trx) => {
        const consumed = await emailTokens.consume(sha256(body.token), ['reset'], clock.now(), trx);
        if (!consumed) return false;
        const { userId } = consumed;
        // A new password raises token_version: every older session ends.
        await accounts.updateAccount(userId, { passwordHash }, trx);
        // The link reached the mailbox, which proves the address as well.
        await users.markEmailVerified(userId, clock.now(), trx);
        return true;
      });
      if (!done) throw new BadRequestError(messages.errors.tokenInvalidOrExpired, 'TOKEN_INVALID');
      return { message: text.passwordReset };
    },
  };
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
