import { randomBytes } from 'node:crypto';
import {
  KEYAUTH_HWID_PATTERN,
  LICENSE_KEY_PATTERN,
  keyAccountUsernameSchema,
  TIMING,
  messages,
  passwordSchema,
  usernameSchema,
} from '@chaveiro/contract';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { isUniqueViolation } from '../../platform/http/error-handler.js';
import { newId } from '../../platform/core/ids.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { ActivityService } from '../activity/index.js';
import type { DeliveryService } from '../delivery/index.js';
import type { KeyRedemption } from '../keys/index.js';
import type {
  Admission,
  LiveSession,
  LoaderAttempt,
  LoaderCredentials,
  LoaderKey,
  LoaderService,
} from '../loader/index.js';
import { LoaderRefusalError, productBlockOf, productDownBy } from '../loader/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UserAdminRepository, UsersRepository } from '../users/index.js';
import type { KeyAuthAnswer } from './keyauth-protocol-answers.js';
import { failureOf, refuseKeyAuth } from './keyauth-protocol-answers.js';
import type { KeyAuthFields } from './keyauth-protocol-form.js';
import type {
  KeyAuthApp,
  KeyAuthProtocolRepository,
  KeyAuthSessionRow,
} from './keyauth-protocol-repository.js';

const text = messages.keyauthProtocol;
const reasons = messages.loader.reasons;

/** A session opened by init and not logged into lives this long. */
export const KEYAUTH_OPEN_SESSION_TTL_MS = 60 * 60 * 1000;
/** A validated session lives this long after its login or its latest `check`. */
export const KEYAUTH_SESSION_TTL_MS = 6 * 60 * 60 * 1000;
/** Names `fetchOnline` lists at most. */
const ONLINE_LIST_MAX = 1000;
/** KeyAuth's own bounds (api/1.2/index.php). */
const LIMITS = {
  enckey: 35,
  key: 70,
  reason: 99,
  log: 275,
  pcUser: 64,
  username: 254,
  password: 128,
  code: 64,
  name: 128,
} as const;
/** Log fields are read up to this before their own bounds refuse them (a clear message). */
const MAX_LOG_FIELD = 2048;

export interface KeyAuthProtocolServiceDeps extends Pick<AppContext, 'clock'> {
  /** PUBLIC_URL: `appinfo.customerPanelLink` is its /dashboard. */
  publicUrl: string;
  repository: KeyAuthProtocolRepository;
  /** Our loader's own checks, run as steps (the same rules, not a copy). */
  loader: Pick<LoaderService, 'steps'>;
  /** The `file` call hands out a marked copy (a delivery) of the product file. */
  deliveries: Pick<DeliveryService, 'plainCopy'>;
  users: Pick<UsersRepository, 'findById' | 'findByLogin' | 'insertClient'>;
  accounts: Pick<UserAdminRepository, 'setStatus' | 'updateAccount' | 'takenByOthers'>;
  redemption: Pick<KeyRedemption, 'redeemKeyIn'>;
  activity: ActivityService;
  /** Accounts made here record `user.registered`, a ban `user.banned`. */
  events: EventRecorder;
  /** Whether another account has bound an HWID a `ban` would blacklist. */
  subscriptions: Pick<SubscriptionsService, 'hwidBoundToOthers'>;
}

/** One KeyAuth call: its version-independent fields and the caller's address. */
export interface KeyAuthCall {
  fields: KeyAuthFields;
  ip: string;
}

/**
 * What to answer: `invalid-app` is KeyAuth's plain `KeyAuth_Invalid`; otherwise the JSON, and
 * the key a 1.2 answer's HMAC takes (the app secret for init and before a session is known, the
 * session's `enckey` after; null when no app was found).
 */
export type KeyAuthOutcome =
  { kind: 'invalid-app' } | { kind: 'answer'; answer: KeyAuthAnswer; hmacKey: string | null };

/** What each type's handler works with: the app, the session (but for init), the call. */
interface Context {
  app: KeyAuthApp;
  session: KeyAuthSessionRow;
  call: KeyAuthCall;
  now: number;
}

type Handler = (context: Context) => Promise<KeyAuthAnswer>;

/**
 * KeyAuth's loader protocol (docs/keyauth-compat.md) over our rules: every check a login or a
 * `check` runs is a step of our own loader service.
 */
export function createKeyAuthProtocolService({
  clock,
  publicUrl,
  repository,
  loader,
  deliveries,
  users,
  accounts,
  redemption,
  activity,
  events,
  subscriptions,
}: KeyAuthProtocolServiceDeps) {
  const steps = loader.steps;

  /** A successful answer: KeyAuth adds a fresh nonce to each. */
  function success(message: string, extra: Record<string, unknown> = {}): KeyAuthAnswer {
    return { success: true, message, ...extra, nonce: randomBytes(16).toString('hex') };
  }

  function field(fields: KeyAuthFields, name: string, max: number): string | undefined {
    const value = fields.get(name);
    if (value === undefined || value === '') return undefined;
    if (value.length > max) refuseKeyAuth(text.fieldTooLong(name));
    return value;
  }

  function required(fields: KeyAuthFields, name: string, max: number): string {
    return field(fields, name, max) ?? refuseKeyAuth(text.fieldRequired(name));
  }

  /** The HWID sent, trimmed (the Python SDK's Linux HWID ends with a newline). */
  function hwidOf(fields: KeyAuthFields): string {
    const hwid = (fields.get('hwid') ?? '').trim();
    if (hwid === '') refuseKeyAuth(text.fieldRequired('hwid'));
    if (!KEYAUTH_HWID_PATTERN.test(hwid)) refuseKeyAuth(text.hwidInvalid);
    return hwid;
  }

  /**
   * A key as sent when a key has exactly that value (imported KeyAuth keys are kept verbatim:
   * `ABCDEF-GHIJKL-MNOPQR` is one of them), else in our keys' form when it is one of ours typed
   * with separators or in lower case.
   */
  async function keyOf(fields: KeyAuthFields): Promise<string> {
    const key = (fields.get('key') ?? '').trim();
    if (key === '') refuseKeyAuth(text.fieldRequired('key'));
    if (key.length > LIMITS.key) refuseKeyAuth(text.keyTooLong);
    const ours = key.replace(/[\s-]/g, '').toUpperCase();
    if (ours === key || !LICENSE_KEY_PATTERN.test(ours)) return key;
    return (await repository.keyExists(key)) ? key : ours;
  }

  function attemptOf(context: Context, hwid: string, who: string): LoaderAttempt {
    return { ip: context.call.ip, hwid, who, userId: null, productId: context.app.productId };
  }

  /**
   * A product switched off, being updated or down refuses logins before anything is created
   * (KeyAuth's paused application refuses them too).
   */
  async function assertProductUp(attempt: LoaderAttempt, app: KeyAuthApp): Promise<void> {
    if (app.productStatus !== 'active') {
      await steps.fail(attempt, 'PRODUCT_DISABLED', reasons.productDisabled);
    }
    const down = productDownBy(app.productOperational.operational_status);
    if (down) {
      const reason =
        down === 'PRODUCT_UPDATING' ? reasons.productUpdating : reasons.productUnavailable;
      await steps.fail(attempt, down, reason, productBlockOf(app.productOperational));
    }
  }

  /**
   * Creates a client account (no e-mail: nothing to confirm, the site asks for one later) and
   * redeems the key into it, in one transaction: a key another call redeemed first leaves no
   * account behind. `credentialKeyId`: the key is the account's credential (a `license`).
   */
  async function createAccountWithKey(
    account: { username: string; passwordHash: string; credentialKeyId?: string },
    keyId: string,
    ip: string,
  ): Promise<void> {
    const id = newId();
    await events.transaction(async (trx) => {
      const now = clock.now();
      await users.insertClient(
        {
          id,
          username: account.username,
          email: null,
          password_hash: account.passwordHash,
          email_verified_at: now,
          created_at: now,
          credential_key_id: account.credentialKeyId ?? null,
        },
        trx,
      );
      await events.record(trx, 'user.registered', {
        userId: id,
        role: 'client',
        via: 'keyauth',
        at: now,
      });
      await redemption.redeemKeyIn(trx, id, { id: keyId }, { via: 'loader', ip });
    });
  }

  /**
   * An unused key becomes an account of its own, named by the key (as KeyAuth does); its
   * password is random, and the account records the key as its credential. A key another call
   * redeemed first is left to the loader's rule, as any redeemed key.
   */
  async function accountFromKey(key: LoaderKey, attempt: LoaderAttempt, ip: string) {
    if (!keyAccountUsernameSchema.safeParse(key.key).success) {
      return steps.fail(attempt, 'INVALID_KEY', reasons.invalidKey);
    }
    try {
      await createAccountWithKey(
        {
          username: key.key,
          passwordHash: await hashPassword(randomBytes(32).toString('hex')),
          credentialKeyId: key.id,
        },
        key.id,
        ip,
      );
    } catch (error) {
      if (!isUniqueViolation(error) && failureOf(error) === undefined) throw error;
      // Another call redeemed it first (then the rule below decides), or the key is unusable.
      const current = await steps.usableKey(key.key, attempt);
      if (current.status === 'active') {
        return steps.fail(attempt, 'INVALID_KEY', reasons.invalidKey);
      }
    }
  }

  /** A session that may change its account: opened with the account's own credential. */
  function assertOpenedWithAccountCredential(session: KeyAuthSessionRow): void {
    if (session.reach !== 'account') refuseKeyAuth(text.accountChangeNeedsPassword);
  }

  /** KeyAuth's `info`: the account, this machine and the product's subscription. */
  function infoOf(admission: Admission, hwid: string, ip: string, key: string, now: number) {
    const expiresAt = admission.subscription.expires_at ?? now;
    return {
      username: admission.user.username,
      ip,
      hwid,
      createdate: seconds(admission.user.created_at),
      lastlogin: seconds(now),
      // Strings, as the C++ SDK assigns them to std::string and C# to string properties.
      subscriptions: [
        {
          subscription: admission.product.name,
          key,
          expiry: seconds(expiresAt),
          timeleft: String(Math.max(0, Math.floor((expiresAt - now) / 1000))),
          level: '1',
        },
      ],
    };
  }

  /** Marks the session logged in and answers KeyAuth's login success. */
  async function loggedIn(
    context: Context,
    admission: Admission,
    hwid: string,
    key: string,
  ): Promise<KeyAuthAnswer> {
    const now = clock.now();
    await repository.validateSession(context.session.id, {
      userId: admission.user.id,
      subscriptionId: admission.subscription.id,
      machineId: admission.machineId,
      tokenVersion: admission.user.token_version,
      reach: admission.reach,
      validatedAt: now,
      expiresAt: now + KEYAUTH_SESSION_TTL_MS,
    });
    return success(text.loggedIn, { info: infoOf(admission, hwid, context.call.ip, key, now) });
  }

  /** The session's login, or KeyAuth's "not validated" answer. */
  function liveSessionOf(session: KeyAuthSessionRow, productId: string): LiveSession {
    if (
      session.validated_at === null ||
      session.user_id === null ||
      session.subscription_id === null ||
      session.machine_id === null ||
      session.token_version === null
    ) {
      return refuseKeyAuth(text.sessionNotValidated);
    }
    return {
      machineId: session.machine_id,
      subscriptionId: session.subscription_id,
      userId: session.user_id,
      productId,
      tokenVersion: session.token_version,
    };
  }

  /** A validated session re-checked as a heartbeat is: same query, same refusals. */
  async function live(context: Context) {
    const session = liveSessionOf(context.session, context.app.productId);
    const state = await steps.live(session, context.call.ip, clock.now());
    return { session, state };
  }

  async function appInfo(app: KeyAuthApp, now: number) {
    const stats = await repository.stats(app.productId, now - TIMING.onlineWindowMs);
    return {
      numUsers: String(stats.numUsers),
      numOnlineUsers: String(stats.numOnlineUsers),
      numKeys: String(stats.numKeys),
      version: app.version,
      customerPanelLink: `${publicUrl}/dashboard`,
    };
  }

  const handlers = new Map<string, Handler>([
    [
      'license',
      async (context) => {
        const { fields, ip } = context.call;
        const hwid = hwidOf(fields);
        const value = await keyOf(fields);
        // With 2FA on, the code comes in `code` (the C++ SDK's license(key, code)).
        const code = field(fields, 'code', LIMITS.code);
        const attempt = attemptOf(context, hwid, `chave ${value.slice(0, 4)}…`);
        await steps.assertNotBlacklisted(attempt);
        const key = await steps.usableKey(value, attempt);
        await assertProductUp(attempt, context.app);
        if (key.status === 'active') await accountFromKey(key, attempt, ip);
        // Our loader's rule decides what the key opens: the account made from it, fully; an
        // account with a password, only on the machines already bound to it.
        const credential = await steps.authenticate(
          {
            productId: context.app.productId,
            key: key.key,
            ...(code !== undefined && { totp: code }),
          },
          attempt,
        );
        const admission = await steps.admit(credential, { hwid, ip }, attempt);
        return loggedIn(context, admission, hwid, key.key);
      },
    ],
    [
      'login',
      async (context) => {
        const { fields, ip } = context.call;
        const hwid = hwidOf(fields);
        const username = required(fields, 'username', LIMITS.username);
        const password = required(fields, 'pass', LIMITS.password);
        const code = field(fields, 'code', LIMITS.code);
        const attempt = attemptOf(context, hwid, username);
        await steps.assertNotBlacklisted(attempt);
        const credentials: LoaderCredentials = {
          productId: context.app.productId,
          identifier: username,
          password,
          ...(code !== undefined && { totp: code }),
        };
        const credential = await steps.authenticate(credentials, attempt);
        const admission = await steps.admit(credential, { hwid, ip }, attempt);
        return loggedIn(context, admission, hwid, 'N/A');
      },
    ],
    [
      'register',
      async (context) => {
        const { fields, ip } = context.call;
        const hwid = hwidOf(fields);
        const username = usernameSchema.safeParse(fields.get('username') ?? '');
        if (!username.success) refuseKeyAuth(firstIssue(username.error));
        const password = passwordSchema.safeParse(fields.get('pass') ?? '');
        if (!password.success) refuseKeyAuth(firstIssue(password.error));
        const value = await keyOf(fields);
        const attempt = attemptOf(context, hwid, username.data);
        await steps.assertNotBlacklisted(attempt);
        const taken = await accounts.takenByOthers('', { username: username.data }, clock.now());
        if (taken.username) refuseKeyAuth(messages.auth.usernameTaken);
        const key = await steps.usableKey(value, attempt);
        if (key.status !== 'active') {
          return steps.fail(attempt, 'KEY_ALREADY_USED', reasons.keyOfAnotherAccount);
        }
        await assertProductUp(attempt, context.app);
        try {
          await createAccountWithKey(
            { username: username.data, passwordHash: await hashPassword(password.data) },
            key.id,
            ip,
          );
        } catch (error) {
          // The username or the key was taken by another call meanwhile.
          if (isUniqueViolation(error)) refuseKeyAuth(messages.auth.usernameTaken);
          if (failureOf(error) !== undefined) {
            return steps.fail(attempt, 'KEY_ALREADY_USED', reasons.keyOfAnotherAccount);
          }
          throw error;
        }
        // The new account's own password, as a login would present it.
        const credential = await steps.authenticate(
          { productId: context.app.productId, identifier: username.data, password: password.data },
          attempt,
        );
        const admission = await steps.admit(credential, { hwid, ip }, attempt);
        return loggedIn(context, admission, hwid, key.key);
      },
    ],
    [
      'upgrade',
      async (context) => {
        const { fields } = context.call;
        const username = required(fields, 'username', LIMITS.username);
        const value = await keyOf(fields);
        const attempt = attemptOf(context, '-', username);
        // The key first: without an unused key of the product, nothing tells whether a username
        // or an e-mail address has an account.
        const key = await steps.usableKey(value, attempt);
        if (key.status !== 'active') {
          return steps.fail(attempt, 'KEY_ALREADY_USED', reasons.keyOfAnotherAccount);
        }
        await assertProductUp(attempt, context.app);
        const user = await users.findByLogin(username);
        if (!user) refuseKeyAuth(text.usernameNotFound);
        const known: LoaderAttempt = { ...attempt, who: user.username, userId: user.id };
        await steps.redeemInto(user, key, known);
        return success(text.upgraded);
      },
    ],
    [
      'check',
      async (context) => {
        await live(context);
        await repository.extendSession(context.session.id, clock.now() + KEYAUTH_SESSION_TTL_MS);
        return success(text.sessionValidated);
      },
    ],
    [
      'var',
      async (context) => {
        const name = required(context.call.fields, 'varid', LIMITS.name);
        await live(context);
        const value = await repository.findVariable(context.app.productId, name);
        if (value === undefined) return { success: false, message: text.variableNotFound };
        return success(value);
      },
    ],
    [
      'file',
      async (context) => {
        // The product has one file: any fileid names it.
        const { session, state } = await live(context);
        // A marked copy of its own, as our loader's download; KeyAuth's SDKs cannot open a
        // sealed one, so a product with protected delivery refuses it.
        const copy = await deliveries.plainCopy({
          deliveryId: undefined,
          session,
          state,
          ip: context.call.ip,
        });
        if (typeof copy === 'string') throw new LoaderRefusalError(copy);
        return success(text.fileDownloaded, { contents: copy.toString('hex') });
      },
    ],
    [
      'log',
      async (context) => {
        const { fields, ip } = context.call;
        const message = required(fields, 'message', MAX_LOG_FIELD);
        const pcUser = field(fields, 'pcuser', MAX_LOG_FIELD) ?? '-';
        if (message.length > LIMITS.log || pcUser.length > LIMITS.pcUser) {
          refuseKeyAuth(text.logTooLong);
        }
        const userId = context.session.validated_at === null ? null : context.session.user_id;
        const user = userId ? await users.findById(userId) : undefined;
        await activity.recordAttempt(
          { userId: user?.id ?? null, username: user?.username ?? text.logAnonymous, ip },
          {
            type: 'loader.log',
            action: text.logLine(user?.username ?? text.logAnonymous, pcUser, message),
            target: user ? `user:${user.id}` : `product:${context.app.productId}`,
          },
        );
        return success(text.logged);
      },
    ],
    [
      'fetchStats',
      async (context) =>
        success(text.statsFetched, { appinfo: await appInfo(context.app, context.now) }),
    ],
    [
      'fetchOnline',
      async (context) => {
        // Who is online is for logged-in loaders only.
        await live(context);
        const since = context.now - TIMING.onlineWindowMs;
        const accounts = await repository.onlineUsernames(
          context.app.productId,
          since,
          ONLINE_LIST_MAX,
        );
        if (accounts.length === 0) return { success: false, message: text.noOnlineUsers };
        return success(text.onlineFetched, {
          users: accounts.map((account) => ({ credential: maskCredential(account) })),
        });
      },
    ],
    [
      'checkblacklist',
      async (context) => {
        const hwid = hwidOf(context.call.fields);
        return (await steps.isHwidBlacklisted(context.app.productId, hwid))
          ? success(text.blacklisted)
          : { success: false, message: text.notBlacklisted };
      },
    ],
    [
      'ban',
      async (context) => {
        const { fields, ip } = context.call;
        const reason = (fields.get('reason') ?? '').trim() || text.banReasonDefault;
        if (reason.length > LIMITS.reason) refuseKeyAuth(text.reasonTooLong);
        // The session's own machine, still bound, is the one blocked: a session whose machine
        // was released is dead, and the request never names the HWID.
        const { session, state } = await live(context);
        assertOpenedWithAccountCredential(context.session);
        const user = await users.findById(session.userId);
        if (!user) return refuseKeyAuth(text.sessionNotFound);
        // As the admin's ban: an administrator is never banned (a loader's anti-debug tripping on
        // an admin's machine must not lock the shop out).
        if (user.role === 'admin') refuseKeyAuth(messages.admin.cannotTargetAdmin);
        const hwid = state.hwid ?? refuseKeyAuth(text.sessionNotFound);
        // A loader vouches for its own machine only: an HWID is a claim, and one another active
        // account has bound (claimed here to get it blocked) stays unblocked.
        const shared = await subscriptions.hwidBoundToOthers(context.app.productId, hwid, user.id);
        await events.transaction(async (trx) => {
          // The admin's ban path: status, token_version raised, `user.banned`, the log line.
          if (await accounts.setStatus(user.id, 'banned', trx, { onlyIfChanged: true })) {
            await events.record(trx, 'user.banned', { userId: user.id, by: user.id });
            await activity.record(
              trx,
              { userId: user.id, username: user.username, ip },
              {
                type: 'user.banned',
                action: shared
                  ? text.logBannedHwidShared(user.username, reason)
                  : text.logBanned(user.username, reason),
                target: `user:${user.id}`,
              },
            );
          }
          if (!shared) {
            await repository.blacklist(
              { productId: context.app.productId, hwid, reason, userId: user.id, now: clock.now() },
              trx,
            );
          }
          await repository.deleteSessionsOf(user.id, trx);
        });
        return success(text.banned);
      },
    ],
    [
      'changeUsername',
      async (context) => {
        const { session } = await live(context);
        assertOpenedWithAccountCredential(context.session);
        const username = usernameSchema.safeParse(context.call.fields.get('newUsername') ?? '');
        if (!username.success) refuseKeyAuth(firstIssue(username.error));
        const taken = await accounts.takenByOthers(
          session.userId,
          { username: username.data },
          clock.now(),
        );
        if (taken.username) refuseKeyAuth(messages.auth.usernameTaken);
        try {
          await accounts.updateAccount(session.userId, { username: username.data });
        } catch (error) {
          if (isUniqueViolation(error)) refuseKeyAuth(messages.auth.usernameTaken);
          throw error;
        }
        // As KeyAuth: the user logs in again under the new name.
        await repository.deleteSession(context.session.id);
        return success(text.usernameChanged);
      },
    ],
    [
      'logout',
      async (context) => {
        await repository.deleteSession(context.session.id);
        return success(text.loggedOut);
      },
    ],
  ]);

  async function init(app: KeyAuthApp, call: KeyAuthCall): Promise<KeyAuthAnswer> {
    const enckey = call.fields.get('enckey');
    if (enckey !== undefined && enckey.length > LIMITS.enckey) refuseKeyAuth(text.enckeyTooLong);
    if (app.productStatus !== 'active') throw new LoaderRefusalError('PRODUCT_DISABLED');
    // KeyAuth answers init of a paused application with its "paused" message: the loader stops
    // there. The seller's note follows it.
    const down = productDownBy(app.productOperational.operational_status);
    if (down) throw new LoaderRefusalError(down, productBlockOf(app.productOperational));
    const version = call.fields.get('ver');
    if (version && version !== app.version) {
      return { success: false, message: text.invalidVersion, download: app.downloadUrl ?? '' };
    }
    const now = clock.now();
    const id = randomBytes(16).toString('hex');
    await repository.insertSession({
      id,
      productId: app.productId,
      // 1.2's HMAC key for this session's answers, as KeyAuth builds it.
      enckey: enckey ? `${enckey}-${app.secret}` : null,
      ip: call.ip,
      now,
      expiresAt: now + KEYAUTH_OPEN_SESSION_TTL_MS,
    });
    return success(text.initialized, {
      sessionid: id,
      appinfo: await appInfo(app, now),
      newSession: true,
    });
  }

  return {
    async handle(call: KeyAuthCall): Promise<KeyAuthOutcome> {
      const ownerId = call.fields.get('ownerid') ?? '';
      const name = call.fields.get('name') ?? '';
      const refused = (message: string): KeyAuthOutcome => ({
        kind: 'answer',
        answer: { success: false, message },
        hmacKey: null,
      });
      // KeyAuth's own checks, before the app is looked up.
      if (ownerId === '') return refused(text.noOwnerId);
      if (name === '') return refused(text.noAppName);
      if (ownerId.length !== 10) return refused(text.ownerIdLength);
      const app = await repository.findApp(ownerId, name);
      if (!app) return { kind: 'invalid-app' };

      let hmacKey = app.secret;
      try {
        // Server offline and maintenance refuse every type, as they refuse our loader's calls.
        await steps.assertOpen();
        const type = call.fields.get('type') ?? '';
        if (type === 'init') return { kind: 'answer', answer: await init(app, call), hmacKey };
        const handler = handlers.get(type);
        if (!handler)
          return { kind: 'answer', answer: { success: false, message: text.unknownType }, hmacKey };
        const now = clock.now();
        const session = await repository.findSession(
          call.fields.get('sessionid') ?? '',
          app.productId,
          now,
        );
        if (!session) refuseKeyAuth(text.sessionNotFound);
        hmacKey = session.enckey ?? app.secret;
        return { kind: 'answer', answer: await handler({ app, session, call, now }), hmacKey };
      } catch (error) {
        const answer = failureOf(error);
        if (!answer) throw error;
        return { kind: 'answer', answer, hmacKey };
      }
    },

    /** Deletes expired sessions (a periodic job); how many. */
    purgeExpiredSessions: () => repository.purgeExpired(clock.now()),
  };
}

export type KeyAuthProtocolService = ReturnType<typeof createKeyAuthProtocolService>;

/** KeyAuth's timestamps: unix seconds, as a string. */
function seconds(epochMs: number): string {
  return String(Math.floor(epochMs / 1000));
}

/**
 * An online account's name as `fetchOnline` lists it: a name that is a licence key (a credential)
 * shows its first 4 characters, any other its first 10, as KeyAuth masks them.
 */
function maskCredential(account: { username: string; namedByKey: boolean }): string {
  const shown = account.namedByKey ? 4 : 10;
  const name = account.username;
  return name.length <= shown ? name : name.slice(0, shown) + '*'.repeat(name.length - shown);
}

function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? messages.loader.refusals.INVALID_REQUEST;
}
