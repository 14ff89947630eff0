import { createHash, randomBytes } from 'node:crypto';
import type {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  ResendVerificationBody,
  ResetPasswordBody,
  VerifyEmailResponse,
  EmailTokenPurpose,
} from '@chaveiro/contract';
import { TIMING, accountMessages, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { ActivityService } from '../activity/index.js';
import type { SettingsCache } from '../settings/index.js';
import type {
  ConsumedEmailToken,
  EmailTokensRepository,
  UserAdminRepository,
  UsersRepository,
} from '../users/index.js';
import {
  emailChangeAttemptMail,
  emailChangeMail,
  emailChangedOldMail,
  emailUndoneResetMail,
  passwordResetMail,
  signUpAttemptMail,
  verificationMail,
} from './auth-mails.js';
import type { CredentialsChecker } from './credentials.js';
import type { SessionsRepository } from './sessions-repository.js';
import type { SessionsService } from './sessions-service.js';
import type { SignupHoldsRepository } from './signup-holds-repository.js';
import type { UserLoginsRepository } from './user-logins-repository.js';

const text = messages.auth;

export interface AuthServiceDeps extends Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'tokens' | 'mailer' | 'background'
> {
  users: UsersRepository;
  accounts: UserAdminRepository;
  emailTokens: EmailTokensRepository;
  holds: SignupHoldsRepository;
  settings: SettingsCache;
  credentials: CredentialsChecker;
  /** Sign-in addresses per account; a new one (not the first) is an activity line. */
  logins: UserLoginsRepository;
  activity: Pick<ActivityService, 'record'>;
  /** A sign-up records `user.registered` with the account. */
  events: EventRecorder;
  /** Every login opens a server-side session (the token's `sid`). */
  sessions: Pick<SessionsService, 'open'>;
  /** A password reset, or undoing an e-mail change, ends every session of the account. */
  sessionRows: Pick<SessionsRepository, 'endAllExcept'>;
}

export function createAuthService({
  db,
  clock,
  config,
  tokens,
  mailer,
  background,
  users,
  accounts,
  emailTokens,
  holds,
  settings,
  credentials,
  logins,
  activity,
  events,
  sessions,
  sessionRows,
}: AuthServiceDeps) {
  /**
   * Notes the sign-in's address: a known one only moves its last time (one statement); a new
   * one, when the account had signed in from elsewhere before, is logged as `user.login_new_ip`.
   */
  async function noteSignIn(user: { id: string; username: string }, ip: string): Promise<void> {
    const now = clock.now();
    if (await logins.touch(user.id, ip, now)) return;
    await withTransaction(db, async (trx) => {
      const added = await logins.add(user.id, ip, now, trx);
      if (!added.isNew || !added.seenBefore) return;
      await activity.record(
        trx,
        { userId: user.id, username: user.username, ip },
        {
          type: 'user.login_new_ip',
          action: messages.activity.loginNewIp(user.username, ip),
          target: `user:${user.id}`,
        },
      );
    });
  }

  async function issueEmailToken(
    userId: string,
    purpose: EmailTokenPurpose,
    options: { newEmail?: string; executor?: Kysely<Database> } = {},
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const ttl =
      purpose === 'reset'
        ? TIMING.resetTokenTtlMs
        : purpose === 'email_undo'
          ? TIMING.emailUndoTtlMs
          : TIMING.verifyTokenTtlMs;
    await emailTokens.insert(
      {
        id: newId(),
        userId,
        purpose,
        tokenHash: sha256(token),
        ...(options.newEmail ? { newEmail: options.newEmail } : {}),
        expiresAt: clock.now() + ttl,
        createdAt: clock.now(),
      },
      options.executor,
    );
    return token;
  }

  /** Runs after the resend answer, which is the same whether the account exists. */
  async function resendVerificationTo(identifier: string): Promise<void> {
    const user = await users.findByLogin(identifier);
    if (!user?.email || user.email_verified_at !== null || user.status !== 'active') return;
    const token = await issueEmailToken(user.id, 'verify');
    const link = `${config.publicUrl}/verify-email?token=${token}`;
    await mailer.send(verificationMail(user.email, user.username, link));
  }

  /**
   * What a link already used did, when the account still shows it: verified and, for an address
   * change or its undo, still on that address. Opening a link twice is then no error.
   */
  async function alreadyConfirmed(token: string): Promise<EmailTokenPurpose | undefined> {
    const used = await emailTokens.findUsed(sha256(token), [
      'verify',
      'email_change',
      'email_undo',
    ]);
    if (!used) return undefined;
    const user = await users.findById(used.userId);
    if (!user || user.email_verified_at === null) return undefined;
    const stillShown =
      used.purpose === 'verify' || user.email_lower === used.newEmail?.toLowerCase();
    return stillShown ? used.purpose : undefined;
  }

  /**
   * Moves a confirmed address change onto the account and, in the same transaction, issues the
   * undo link for the address it leaves; 'taken' when another account got the address since.
   */
  async function applyEmailChange(
    userId: string,
    newEmail: string,
    trx: Kysely<Database>,
  ): Promise<'taken' | EmailChangedNotice | null> {
    const owner = await users.findByEmail(newEmail, trx);
    if (owner && owner.id !== userId) return 'taken';
    const user = await users.findById(userId, trx);
    if (!user || user.email_lower === newEmail.toLowerCase()) return null;
    await accounts.updateAccount(userId, { email: newEmail }, trx);
    // An account without an address (made by a loader) gains one: nothing to undo or warn.
    if (user.email === null) return null;
    const token = await issueEmailToken(userId, 'email_undo', {
      newEmail: user.email,
      executor: trx,
    });
    return { to: user.email, username: user.username, newEmail, token };
  }

  /**
   * The undo link of an address change: the account goes back to the address the link was sent
   * to (proven by opening it), and every session and pending change ends. Whoever changed the
   * address had to type the password (or set a new one since), so the password is replaced by
   * an unknowable one, and the restored address gets a link to choose a new one: otherwise they
   * would simply sign in again. Undo links of later changes die too (one went to the intruder's
   * address); earlier ones stay, so an intruder's own undo link cannot cancel the owner's.
   */
  async function undoEmailChange(
    undo: ConsumedEmailToken & { newEmail: string },
    trx: Kysely<Database>,
  ): Promise<'taken' | PasswordLinkNotice> {
    const { userId, newEmail: oldEmail } = undo;
    const owner = await users.findByEmail(oldEmail, trx);
    if (owner && owner.id !== userId) return 'taken';
    const user = await users.findById(userId, trx);
    if (!user) return 'taken';
    const now = clock.now();
    const voidPassword = await hashPassword(randomBytes(32).toString('base64url'));
    // Ends the security epoch (sessions, loader sessions, API tokens) and drops pending reset
    // links (they may have gone to the intruder).
    await accounts.updateAccount(
      userId,
      { email: oldEmail, password: { hash: voidPassword, reason: 'email_restored' } },
      trx,
    );
    await emailTokens.revokeUnused(userId, 'email_change', now, trx);
    await emailTokens.revokeUnused(userId, 'email_undo', now, trx, undo.createdAt);
    await sessionRows.endAllExcept(userId, null, now, trx);
    const token = await issueEmailToken(userId, 'reset', { executor: trx });
    return { to: oldEmail, username: user.username, token };
  }

  /** Runs after the sign-up answer: the account and its confirmation link, then the mail. */
  async function createAccount(body: RegisterBody, passwordHash: string): Promise<void> {
    const id = newId();
    let token: string;
    try {
      token = await events.transaction(async (trx) => {
        const createdAt = clock.now();
        await users.insertClient(
          {
            id,
            username: body.username,
            email: body.email,
            password_hash: passwordHash,
            email_verified_at: null,
            created_at: createdAt,
          },
          trx,
        );
        await events.record(trx, 'user.registered', {
          userId: id,
          role: 'client',
          via: 'signup',
          at: createdAt,
        });
        return issueEmailToken(id, 'verify', { executor: trx });
      });
    } catch (error) {
      // A concurrent sign-up took the address first: its owner hears of this one, as usual.
      // Anything else (the username lost to a race) is logged by the background runner.
      if ((await users.findTakenNames(body.username, body.email, clock.now())).email) {
        return holdUsername(body, passwordHash);
      }
      throw error;
    }
    const link = `${config.publicUrl}/verify-email?token=${token}`;
    await mailer.send(verificationMail(body.email, body.username, link));
  }

  /**
   * Runs after the answer to a sign-up whose address has an account: nothing is created, but
   * the username is held as a pending account's would be (see SignupHoldsTable), and the
   * address's owner, not the visitor, hears of it.
   */
  async function holdUsername(body: RegisterBody, passwordHash: string): Promise<void> {
    const now = clock.now();
    await holds.insert(
      {
        username: body.username,
        email: body.email,
        passwordHash,
        expiresAt: now + TIMING.verifyTokenTtlMs,
        createdAt: now,
      },
      now,
    );
    await warnOwnerOfSignUp(body.email);
  }

  async function warnOwnerOfSignUp(email: string): Promise<void> {
    const owner = await users.findByEmail(email);
    if (!owner || owner.status !== 'active') return;
    await mailer.send(signUpAttemptMail(email, owner.username, accountLinks()));
  }

  /** Where a warned owner signs in or picks a new password. */
  function accountLinks(): { login: string; reset: string } {
    return { login: `${config.publicUrl}/auth`, reset: `${config.publicUrl}/forgot-password` };
  }

  /** Runs after the forgot-password answer, which is the same whether the address is known. */
  async function sendResetLink(email: string): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user || user.status !== 'active') return;
    const token = await issueEmailToken(user.id, 'reset');
    const link = `${config.publicUrl}/reset-password?token=${token}`;
    await mailer.send(passwordResetMail(email, user.username, link));
  }

  return {
    /**
     * A taken username answers 409 (usernames are public). A taken e-mail answers exactly like a
     * new one, and costs the same (both hash the password; the write and the mail come after the
     * answer): only the address's owner learns of the attempt, by mail, and the username is held
     * as the new account's would be.
     */
    async register(body: RegisterBody): Promise<MessageResponse> {
      const taken = await users.findTakenNames(body.username, body.email, clock.now());
      if (taken.username) throw new ConflictError(text.usernameTaken, 'USERNAME_TAKEN');
      const passwordHash = await hashPassword(body.password);
      background.run('sign-up', () =>
        taken.email ? holdUsername(body, passwordHash) : createAccount(body, passwordHash),
      );
      return { message: text.registered };
    },

    /**
     * Confirms a sign-up address; switches the account to a new address it confirmed (the old
     * address is told, with a link to undo); or, from that link, switches it back.
     */
    async verifyEmail(token: string): Promise<VerifyEmailResponse> {
      // An undo ends the account's security epoch: recorded in this transaction.
      const outcome = await events.transaction(async (trx) => {
        const consumed = await emailTokens.consume(
          sha256(token),
          ['verify', 'email_change', 'email_undo'],
          clock.now(),
          trx,
        );
        if (!consumed) return undefined;
        let passwordLink: PasswordLinkNotice | null = null;
        if (consumed.purpose === 'email_undo' && consumed.newEmail) {
          const undone = await undoEmailChange({ ...consumed, newEmail: consumed.newEmail }, trx);
          if (undone === 'taken') return { result: 'undo-taken' as const };
          passwordLink = undone;
        }
        let notice: EmailChangedNotice | null = null;
        if (consumed.purpose === 'email_change' && consumed.newEmail) {
          // Someone may have taken the address since the link was sent.
          const changed = await applyEmailChange(consumed.userId, consumed.newEmail, trx);
          if (changed === 'taken') return { result: 'taken' as const };
          notice = changed;
        }
        await users.markEmailVerified(consumed.userId, clock.now(), trx);
        return { result: consumed.purpose, notice, passwordLink };
      });
      if (outcome?.result === 'taken') throw new ConflictError(text.emailTaken, 'EMAIL_TAKEN');
      if (outcome?.result === 'undo-taken') {
        throw new ConflictError(accountMessages.emailUndoTaken, 'EMAIL_TAKEN');
      }
      if (!outcome) {
        const purpose = await alreadyConfirmed(token);
        if (purpose === 'email_undo') {
          return { message: accountMessages.emailUndone, alreadyConfirmed: true };
        }
        if (purpose) return { message: text.emailAlreadyVerified, alreadyConfirmed: true };
        throw new BadRequestError(messages.errors.tokenInvalidOrExpired, 'TOKEN_INVALID');
      }
      const { notice, passwordLink } = outcome;
      if (passwordLink) {
        // After the commit: the restored address chooses the new password.
        const link = `${config.publicUrl}/reset-password?token=${passwordLink.token}`;
        background.run('email-undone-reset-link', () =>
          mailer.send(emailUndoneResetMail(passwordLink.to, passwordLink.username, link)),
        );
      }
      if (notice) {
        // After the commit: the old address hears of the change, with the way back.
        const link = `${config.publicUrl}/verify-email?token=${notice.token}`;
        background.run('email-changed-notice', () =>
          mailer.send(emailChangedOldMail(notice.to, notice.username, notice.newEmail, link)),
        );
      }
      const message =
        outcome.result === 'email_change'
          ? messages.profile.emailChanged
          : outcome.result === 'email_undo'
            ? accountMessages.emailUndone
            : text.emailVerified;
      return { message, alreadyConfirmed: false };
    },

    /**
     * E-mails a link that moves the account to `newEmail` once opened (profile change). An address
     * another account uses gets the same pending change (its link is never sent, and could not
     * move the account anyway: see verifyEmail) and its owner a warning instead, so the answer
     * and the profile look the same whether the address has an account.
     */
    async sendEmailChangeLink(user: UserRow, newEmail: string): Promise<void> {
      const token = await issueEmailToken(user.id, 'email_change', { newEmail });
      const link = `${config.publicUrl}/verify-email?token=${token}`;
      // A slow mail server must not hold the answer; the mail is tracked and its failure logged.
      background.run('email-change-link', async () => {
        const owner = await users.findByEmail(newEmail);
        if (!owner) return mailer.send(emailChangeMail(newEmail, user.username, link));
        if (owner.id !== user.id && owner.status === 'active') {
          await mailer.send(emailChangeAttemptMail(newEmail, owner.username, accountLinks()));
        }
      });
    },

    resendVerification(body: ResendVerificationBody): MessageResponse {
      background.run('resend-verification', () => resendVerificationTo(body.identifier));
      return { message: text.verificationResent };
    },

    async login(
      body: LoginBody,
      request: { ip: string; userAgent: string | undefined },
    ): Promise<LoginResponse> {
      const check = await credentials.checkPassword(body.identifier, body.password);
      if (check.status !== 'ok' && check.status !== 'held') {
        throw new UnauthorizedError(text.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      // A held sign-up answers as the unconfirmed account it stands in for.
      const user = check.status === 'ok' ? check.user : undefined;
      // Maintenance (the API gate lets login through): only admins may still sign in.
      if (user?.role !== 'admin' && (await settings.read()).maintenance_mode === 'on') {
        throw new ServiceUnavailableError(messages.settings.maintenance, 'MAINTENANCE');
      }
      // Account state is revealed only to someone who knows the password.
      if (user?.status === 'banned') throw new ForbiddenError(text.banned, 'ACCOUNT_BANNED');
      if (!user || user.email_verified_at === null) {
        throw new ForbiddenError(text.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      }
      const secondFactor = await credentials.checkSecondFactor(user, body.totp);
      if (secondFactor === 'required') {
        throw new UnauthorizedError(text.twoFactorRequired, 'TWO_FACTOR_REQUIRED');
      }
      if (secondFactor === 'invalid') {
        throw new UnauthorizedError(text.twoFactorInvalid, 'TWO_FACTOR_INVALID');
      }
      const sessionId = await sessions.open(user.id, request);
      const token = await tokens.sign({
        id: user.id,
        username: user.username,
        role: user.role,
        tokenVersion: user.token_version,
        sessionId,
      });
      await noteSignIn(user, request.ip);
      return { token, role: user.role, message: messages.success.login };
    },

    forgotPassword(body: ForgotPasswordBody): MessageResponse {
      background.run('password-reset', () => sendResetLink(body.email));
      // The same answer, at the same speed, either way: the form must not reveal which e-mails
      // have accounts.
      return { message: text.resetLinkSent };
    },

    async resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
      const passwordHash = await hashPassword(body.password);
      const done = await events.transaction(async (trx) => {
        const consumed = await emailTokens.consume(sha256(body.token), ['reset'], clock.now(), trx);
        if (!consumed) return false;
        const { userId } = consumed;
        // A new password ends the account's security epoch, and every session of it ends.
        await accounts.updateAccount(
          userId,
          { password: { hash: passwordHash, reason: 'password_reset' } },
          trx,
        );
        await sessionRows.endAllExcept(userId, null, clock.now(), trx);
        // The link reached the mailbox, which proves the address as well.
        await users.markEmailVerified(userId, clock.now(), trx);
        return true;
      });
      if (!done) throw new BadRequestError(messages.errors.tokenInvalidOrExpired, 'TOKEN_INVALID');
      return { message: text.passwordReset };
    },
  };
}

/** Where an undone change's new-password link goes, and its token. */
interface PasswordLinkNotice {
  to: string;
  username: string;
  token: string;
}

/** What the address an account left is told: the new address and the undo link's token. */
interface EmailChangedNotice {
  to: string;
  username: string;
  newEmail: string;
  token: string;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export type AuthService = ReturnType<typeof createAuthService>;
