import type {
  ClientSecuritySignal,
  LoaderAuthBody,
  LoaderAuthSuccess,
  LoaderHeartbeatSuccess,
  LoaderRefusalCode,
  LoaderRefusalProduct,
  LoaderReport,
  LoaderSecurityEventSuccess,
  LoaderUpdateBlock,
} from '@chaveiro/contract';
import { LOADER, messages } from '@chaveiro/contract';
import type { CredentialReach, UserRow } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { AppError } from '../../platform/core/errors.js';
import type { ActivityService } from '../activity/index.js';
import type { CredentialsChecker } from '../auth/index.js';
import type { DeliveryService, OpenedDelivery } from '../delivery/index.js';
import type { KeyRedemption } from '../keys/index.js';
import { keyStatusAt } from '../keys/index.js';
import type { LoaderSecurityService } from '../loader-security/index.js';
import type { SettingsCache } from '../settings/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import { LoaderRefusalError, refuse } from './loader-answers.js';
import type { UnusableCode } from './loader-availability.js';
import {
  closedBy,
  productBlockOf,
  productDownBy,
  unusableRefusalOf,
} from './loader-availability.js';
import type { Presence } from './loader-presence.js';
import type {
  LoaderKey,
  LoaderProduct,
  LoaderRepository,
  LoaderSubscription,
  SessionState,
} from './loader-repository.js';
import type { OfflineLicences } from './loader-offline.js';
import type { LoaderSession, LoaderSessions } from './loader-sessions.js';
import type { LoaderUpdate } from './loader-update.js';

const text = messages.loader;
const reasons = text.reasons;
/** How the activity log names why a session ended. */
const UNUSABLE_REASONS: Record<UnusableCode, string> = {
  ACCOUNT_BANNED: reasons.banned,
  EMAIL_NOT_VERIFIED: reasons.emailNotVerified,
  PRODUCT_DISABLED: reasons.productDisabled,
  PRODUCT_UPDATING: reasons.productUpdating,
  PRODUCT_UNAVAILABLE: reasons.productUnavailable,
  SUBSCRIPTION_PAUSED: reasons.paused,
  SUBSCRIPTION_EXPIRED: reasons.expired,
};

export interface LoaderServiceDeps extends Pick<AppContext, 'db' | 'clock' | 'sharedState'> {
  repository: LoaderRepository;
  users: Pick<UsersRepository, 'findById'>;
  credentials: CredentialsChecker;
  redemption: Pick<KeyRedemption, 'redeemKey'>;
  /** The product file's deliveries: marked per session, sealed to its key. */
  deliveries: Pick<DeliveryService, 'acceptsSessionKey' | 'prepare' | 'open'>;
  activity: ActivityService;
  /** Refusals record `loader.refused`. */
  events: EventRecorder;
  /** Binding a machine (and its `machine.bound`) is the subscriptions'. */
  subscriptions: Pick<SubscriptionsService, 'boundMachine' | 'bindMachine'>;
  settings: SettingsCache;
  presence: Presence;
  sessions: LoaderSessions;
  /** The loader's version and integrity at auth, and the signals it reports. */
  guard: Pick<LoaderSecurityService, 'checkLoader' | 'report'>;
  /** The current loader offered to an outdated one. */
  update: Pick<LoaderUpdate, 'offer'>;
  offline: OfflineLicences;
}

/** Who is attempting, as a failed attempt is logged. */
export interface LoaderAttempt {
  ip: string;
  hwid: string;
  /** Username when known, else what the caller sent (identifier, part of a key). */
  who: string;
  userId: string | null;
  /** The product the request names (it may not exist). */
  productId: string;
}

/**
 * What a live session names (a loader token's claims, or a KeyAuth session row); a loader
 * token's expiry tells when it was issued.
 */
export type LiveSession = Pick<
  LoaderSession,
  'machineId' | 'subscriptionId' | 'userId' | 'productId' | 'tokenVersion'
> &
  Partial<Pick<LoaderSession, 'expiresAt'>>;

/** What proves an account: a key, credentials (with the second factor), or both. */
export type LoaderCredentials = Pick<
  LoaderAuthBody,
  'productId' | 'key' | 'identifier' | 'password' | 'totp'
>;

export type { CredentialReach };

/**
 * An account a credential opened, and what it may do there (`reach`): the one answer every
 * loader API (ours and KeyAuth's) acts on, given by `authenticate` alone.
 */
export interface Credential {
  user: UserRow;
  reach: CredentialReach;
  /** An unused key sent with the account's password, to redeem into it. */
  redeem?: LoaderKey;
}

/** An admitted machine: the account, its product, subscription and bound machine. */
export interface Admission {
  user: UserRow;
  product: LoaderProduct;
  subscription: LoaderSubscription;
  machineId: string;
  /** What the credential that admitted it may do with the account. */
  reach: CredentialReach;
}

/** The loader API's rules (docs/loader-protocol.md): authenticate, heartbeat, download. */
export function createLoaderService({
  db,
  clock,
  repository,
  users,
  credentials,
  redemption,
  deliveries,
  activity,
  events,
  subscriptions,
  settings,
  presence,
  sessions,
  sharedState,
  guard,
  update,
  offline,
}: LoaderServiceDeps) {
  // A session end is logged once per machine and reason, however often its client retries and
  // whichever node it reaches.
  const loggedEnds = sharedState.claimSet('loader-session-end', {
    ttlMs: LOADER.nonceTtlMs,
    maxEntries: 100_000,
  });

  /** Server offline and maintenance come before anything else, for every call. */
  async function assertOpen(): Promise<void> {
    const closed = closedBy(await settings.read());
    if (closed) refuse(closed);
  }

  /**
   * Logs a failed attempt (visible to admins) and records `loader.refused`, then refuses (with
   * the product's status block for PRODUCT_UPDATING and PRODUCT_UNAVAILABLE). The event is
   * stored only once a handler subscribes to it: until then it costs nothing.
   */
  async function fail(
    attempt: LoaderAttempt,
    code: LoaderRefusalCode,
    reason: string,
    product?: LoaderRefusalProduct,
    loader?: LoaderUpdateBlock | null,
  ): Promise<never> {
    await activity.recordAttempt(
      // `who` is the account's username once it is known (userId set).
      { userId: attempt.userId, username: attempt.who, ip: attempt.ip },
      {
        type: 'loader.refused',
        action: text.logFailure(reason, attempt.who, attempt.hwid),
        target: attempt.userId ? `user:${attempt.userId}` : `hwid:${attempt.hwid}`,
      },
    );
    await events.record(db, 'loader.refused', {
      code,
      userId: attempt.userId,
      ip: attempt.ip,
      productId: attempt.productId,
      hwid: attempt.hwid,
    });
    return refuse(code, product, loader);
  }

  /** With 2FA on, the account's current code (or a recovery code) must come with the call. */
  async function assertSecondFactor(
    user: UserRow,
    code: string | undefined,
    attempt: LoaderAttempt,
  ): Promise<void> {
    const secondFactor = await credentials.checkSecondFactor(user, code);
    if (secondFactor === 'required') refuse('TWO_FACTOR_REQUIRED');
    if (secondFactor === 'invalid') {
      await fail(attempt, 'INVALID_TWO_FACTOR', reasons.wrongTwoFactor);
    }
  }

  /**
   * A key that exists, is not banned, is for `productId`, and if unused is not past its
   * redeem-by date (a used key's own subscription decides, later, whether it ran out).
   */
  async function usableKey(value: string, productId: string, attempt: LoaderAttempt) {
    const key = await repository.findKey(value);
    if (!key || (key.status !== 'active' && key.status !== 'used')) {
      return fail(attempt, 'INVALID_KEY', reasons.invalidKey);
    }
    if (key.status === 'active' && keyStatusAt(key, clock.now()) === 'expired') {
      return fail(attempt, 'INVALID_KEY', reasons.keyExpired);
    }
    if (key.product_id !== productId) {
      return fail(attempt, 'KEY_WRONG_PRODUCT', reasons.keyOfAnotherProduct);
    }
    return key;
  }

  /**
   * The one rule deciding whether a credential opens an account, and what it may do there
   * (DESIGN.md, Security), for every loader API:
   * - the account's password (with its second factor) opens it fully (`account`), and an unused
   *   key sent with it is redeemed into it;
   * - a redeemed key sent alone names its owner. When the account was made from that very key
   *   (a KeyAuth `license`: named by the key, a password nobody knows) the key is the account's
   *   own credential and opens it fully, second factor included. On any other account the key
   *   was seen by whoever sold it, so it only reopens machines already bound
   *   (`bound-machines`): it binds no new one and changes nothing on the account;
   * - an unused key alone opens nothing (KEY_NOT_REDEEMED).
   */
  async function authenticate(
    body: LoaderCredentials,
    attempt: LoaderAttempt,
  ): Promise<Credential> {
    if (body.identifier !== undefined && body.password !== undefined) {
      const check = await credentials.checkPassword(body.identifier, body.password);
      if (check.status === 'unknown-account') {
        return fail(attempt, 'INVALID_CREDENTIALS', reasons.unknownAccount);
      }
      // A held sign-up answers as the new, unconfirmed account it stands in for (no second
      // factor, no keys of its own).
      if (check.status === 'held') {
        const key =
          body.key === undefined ? undefined : await usableKey(body.key, body.productId, attempt);
        if (key && key.status !== 'active') {
          return fail(attempt, 'KEY_ALREADY_USED', reasons.keyOfAnotherAccount);
        }
        return fail(attempt, 'EMAIL_NOT_VERIFIED', reasons.emailNotVerified);
      }
      const { user } = check;
      const known = { ...attempt, who: user.username, userId: user.id };
      if (check.status === 'wrong-password') {
        return fail(known, 'INVALID_CREDENTIALS', reasons.wrongPassword);
      }
      await assertSecondFactor(user, body.totp, known);
      if (body.key === undefined) return { user, reach: 'account' };
      const key = await usableKey(body.key, body.productId, known);
      if (key.status === 'active') return { user, reach: 'account', redeem: key };
      if (key.redeemed_by !== user.id) {
        return fail(known, 'KEY_ALREADY_USED', reasons.keyOfAnotherAccount);
      }
      return { user, reach: 'account' };
    }
    if (body.key === undefined) return refuse('INVALID_REQUEST');
    const key = await usableKey(body.key, body.productId, attempt);
    if (key.status === 'active') return fail(attempt, 'KEY_NOT_REDEEMED', reasons.keyNotRedeemed);
    const owner = key.redeemed_by ? await users.findById(key.redeemed_by) : undefined;
    if (!owner) return fail(attempt, 'INVALID_KEY', reasons.invalidKey);
    if (owner.credential_key_id !== key.id) return { user: owner, reach: 'bound-machines' };
    // The key stands for the account's password, not its second factor.
    await assertSecondFactor(owner, body.totp, {
      ...attempt,
      who: owner.username,
      userId: owner.id,
    });
    return { user: owner, reach: 'account' };
  }

  /** Redeems an unused key into the account, as the site's redeem does. */
  async function redeemInto(user: UserRow, key: LoaderKey, attempt: LoaderAttempt): Promise<void> {
    try {
      await redemption.redeemKey(user.id, { id: key.id }, { via: 'loader', ip: attempt.ip });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      // Another request redeemed it first: fine when it was for this same account.
      const current = await repository.findKey(key.key);
      if (current?.status !== 'used') return fail(attempt, 'INVALID_KEY', reasons.invalidKey);
      if (current.redeemed_by !== user.id) {
        return fail(attempt, 'KEY_ALREADY_USED', reasons.keyOfAnotherAccount);
      }
    }
  }

  /**
   * The machine id of `hwid` on the subscription, binding it when `bindNew` and a slot is free;
   * otherwise why not: ACCOUNT_LOGIN_REQUIRED (not bound, `bindNew` false), HWID_MISMATCH (full;
   * the subscriptions module's binding decides, its binders taking turns).
   */
  async function bindMachine(
    sub: { id: string; productName: string; ownerId: string },
    request: { hwid: string; ip: string; bindNew: boolean },
    now: number,
  ): Promise<{ machineId: string } | { refusal: 'ACCOUNT_LOGIN_REQUIRED' | 'HWID_MISMATCH' }> {
    // The usual case, a machine already bound, needs no lock.
    const bound = await subscriptions.boundMachine(sub.id, request.hwid);
    if (bound) {
      presence.seen(bound, now, request.ip);
      return { machineId: bound };
    }
    if (!request.bindNew) return { refusal: 'ACCOUNT_LOGIN_REQUIRED' };
    return subscriptions.bindMachine(sub, request, now);
  }

  /** Why a live session must end now, if it must. */
  function endOf(
    state: SessionState,
    session: LiveSession,
    now: number,
  ): { code: LoaderRefusalCode; reason: string; product?: LoaderRefusalProduct } | undefined {
    // A raised token_version (password change, role change) ends every session of the account;
    // a ban raises it too, and is named as a ban.
    if (state.user_status !== 'banned' && state.token_version !== session.tokenVersion) {
      return { code: 'SESSION_INVALID', reason: reasons.sessionRevoked };
    }
    const unusable = unusableRefusalOf(state, now);
    if (unusable) return { ...unusable, reason: UNUSABLE_REASONS[unusable.code] };
    if (state.machine_id === null) return { code: 'HWID_RESET', reason: reasons.hwidReset };
    if (endedBefore(state, session)) {
      return { code: 'SESSION_ENDED', reason: reasons.sessionEnded };
    }
    return undefined;
  }

  /** The session's current state in one query, or the refusal that ends it. */
  async function liveState(session: LiveSession, ip: string, now: number): Promise<SessionState> {
    const state = await repository.sessionState(session.machineId, session.subscriptionId);
    // The subscription (or its account) was deleted.
    if (!state) return refuse('NO_SUBSCRIPTION');
    if (state.user_id !== session.userId || state.product_id !== session.productId) {
      return refuse('SESSION_INVALID');
    }
    const end = endOf(state, session, now);
    if (!end) return state;
    if (await loggedEnds.claim(`${session.machineId}:${end.code}`)) {
      await activity.recordAttempt(
        { userId: session.userId, username: state.username, ip },
        {
          type: 'loader.session_ended',
          action: text.logSessionEnded(end.reason, state.username),
          target: `user:${session.userId}`,
        },
      );
    }
    return refuse(end.code, end.product);
  }

  /** A HWID the product's blacklist holds (a KeyAuth `ban`, or the admin) is refused. */
  async function assertNotBlacklisted(attempt: LoaderAttempt): Promise<void> {
    if (await repository.isHwidBlacklisted(attempt.productId, attempt.hwid)) {
      await fail(attempt, 'HWID_BLACKLISTED', reasons.hwidBlacklisted);
    }
  }

  /**
   * What follows authentication, in the protocol's order: banned, e-mail, product (off, not
   * operational), the key's redemption, subscription (paused, expired), then the HWID's slot (a new machine is bound only
   * for a credential of `account` reach).
   */
  async function admit(
    credential: Credential,
    request: { hwid: string; ip: string },
    attempt: LoaderAttempt,
  ): Promise<Admission> {
    const { user, reach, redeem } = credential;
    const known: LoaderAttempt = { ...attempt, who: user.username, userId: user.id };
    if (user.status === 'banned') return fail(known, 'ACCOUNT_BANNED', reasons.banned);
    if (user.email_verified_at === null) {
      return fail(known, 'EMAIL_NOT_VERIFIED', reasons.emailNotVerified);
    }
    const product = await repository.findProduct(attempt.productId);
    if (!product) return fail(known, 'PRODUCT_NOT_FOUND', reasons.productNotFound);
    if (product.status !== 'active') {
      return fail(known, 'PRODUCT_DISABLED', reasons.productDisabled);
    }
    // Before the key's redemption: a product being updated or down changes nothing.
    const down = productDownBy(product.operational_status);
    if (down) return fail(known, down, UNUSABLE_REASONS[down], productBlockOf(product));
    if (redeem) await redeemInto(user, redeem, known);
    const sub = await repository.findSubscription(user.id, product.id);
    if (!sub) return fail(known, 'NO_SUBSCRIPTION', reasons.noSubscription);
    if (sub.status === 'paused') return fail(known, 'SUBSCRIPTION_PAUSED', reasons.paused);
    const now = clock.now();
    if (sub.expires_at === null || sub.expires_at <= now) {
      return fail(known, 'SUBSCRIPTION_EXPIRED', reasons.expired);
    }
    const binding = await bindMachine(
      { id: sub.id, productName: product.name, ownerId: user.id },
      { hwid: request.hwid, ip: request.ip, bindNew: reach === 'account' },
      now,
    );
    if ('refusal' in binding) {
      const reason =
        binding.refusal === 'HWID_MISMATCH' ? reasons.hwidMismatch : reasons.keyOnNewMachine;
      return fail(known, binding.refusal, reason);
    }
    return { user, product, subscription: sub, machineId: binding.machineId, reach };
  }

  /**
   * The loader the admitted machine runs, against the product's minimum version and published
   * releases (loader-security decides and records): LOADER_OUTDATED with the current loader and
   * its update token, or LOADER_MODIFIED.
   */
  async function assertLoaderAccepted(
    admission: Admission,
    report: LoaderReport | undefined,
    attempt: LoaderAttempt,
  ): Promise<void> {
    const { user, product, subscription } = admission;
    const verdict = await guard.checkLoader(
      {
        productId: product.id,
        userId: user.id,
        username: user.username,
        subscriptionId: subscription.id,
        machineId: admission.machineId,
        hwid: attempt.hwid,
        ip: attempt.ip,
      },
      {
        productName: product.name,
        loaderMinVersion: product.loader_min_version,
        unknownLoaderPolicy: product.unknown_loader_policy,
      },
      report,
    );
    if (verdict === 'ok') return;
    const known: LoaderAttempt = { ...attempt, who: user.username, userId: user.id };
    if (verdict === 'modified') {
      return fail(known, 'LOADER_MODIFIED', reasons.loaderModified);
    }
    return fail(
      known,
      'LOADER_OUTDATED',
      reasons.loaderOutdated,
      undefined,
      update.offer(product, user.id, subscription.id),
    );
  }

  /** A live session re-checked (server open, one query) and its machine marked seen. */
  async function live(session: LiveSession, ip: string, now: number): Promise<SessionState> {
    await assertOpen();
    const state = await liveState(session, ip, now);
    presence.seen(session.machineId, now, ip);
    return state;
  }

  return {
    /**
     * Checks, in the protocol's order: server offline, maintenance, blacklisted HWID,
     * credentials, banned, e-mail, product, subscription (paused, expired), HWID slot. Then
     * opens a session.
     */
    async auth(body: LoaderAuthBody, ip: string): Promise<LoaderAuthSuccess> {
      await assertOpen();
      const attempt: LoaderAttempt = {
        ip,
        hwid: body.hwid,
        who: body.identifier ?? `chave ${(body.key ?? '').slice(0, 4)}…`,
        userId: null,
        productId: body.productId,
      };
      // A key the download could never be sealed to is refused before anything else.
      if (body.sessionKey !== undefined && !deliveries.acceptsSessionKey(body.sessionKey)) {
        throw new LoaderRefusalError(
          'INVALID_REQUEST',
          undefined,
          undefined,
          text.sessionKeyInvalid,
        );
      }
      await assertNotBlacklisted(attempt);
      const credential = await authenticate(body, attempt);
      const admission = await admit(credential, { hwid: body.hwid, ip }, attempt);
      await assertLoaderAccepted(admission, body.loader, attempt);
      const { user, product, subscription: sub, machineId } = admission;
      // This session's copy of the file, marked for it (and sealed to its key at download).
      const delivery = await deliveries.prepare({
        product,
        subscription: sub,
        user,
        machineId,
        hwid: body.hwid,
        ip,
        sessionKey: body.sessionKey,
      });
      const session = sessions.issue({
        machineId,
        subscriptionId: sub.id,
        userId: user.id,
        productId: product.id,
        tokenVersion: user.token_version,
        ...(delivery ? { deliveryId: delivery.deliveryId } : {}),
      });
      return {
        ok: true,
        session: session.token,
        sessionExpiresAt: iso(session.expiresAt),
        heartbeatSeconds: LOADER.heartbeatSeconds,
        subscription: {
          id: sub.id,
          product: { id: product.id, name: product.name },
          expiresAt: iso(sub.expires_at ?? 0),
        },
        user: { username: user.username },
        file: delivery?.file ?? null,
        offline: offline.issue({
          productId: product.id,
          subscriptionId: sub.id,
          hwid: body.hwid,
          username: user.username,
          graceHours: product.offline_grace_hours,
          subscriptionExpiresAt: sub.expires_at ?? 0,
        }),
      };
    },

    /** Re-checks the session in one query, marks the machine seen, renews the session if due. */
    async heartbeat(session: LoaderSession | null, ip: string): Promise<LoaderHeartbeatSuccess> {
      if (!session) {
        await assertOpen();
        return refuse('SESSION_INVALID');
      }
      const now = clock.now();
      const state = await live(session, ip, now);
      const renewed = sessions.renew(session);
      const answer: LoaderHeartbeatSuccess = {
        ok: true,
        session: renewed.token,
        sessionExpiresAt: iso(renewed.expiresAt),
        expiresAt: iso(state.expires_at ?? now),
      };
      // Only a renewed session brings a fresh offline licence: the usual heartbeat signs nothing
      // more than its answer.
      if (renewed.token !== session.token && state.offline_grace_hours > 0) {
        const licence = offline.issue({
          productId: session.productId,
          subscriptionId: session.subscriptionId,
          hwid: state.hwid ?? '',
          username: state.username,
          graceHours: state.offline_grace_hours,
          subscriptionExpiresAt: state.expires_at ?? now,
        });
        if (licence) answer.offline = licence;
      }
      return answer;
    },

    /**
     * A security signal the loader reports on its live session: the product's rule for its kind
     * acts (loader-security), and the answer says what it did.
     */
    async securityEvent(
      session: LoaderSession | null,
      signal: { kind: ClientSecuritySignal; detail?: string | undefined },
      ip: string,
    ): Promise<LoaderSecurityEventSuccess> {
      await assertOpen();
      if (!session) return refuse('SESSION_INVALID');
      const state = await liveState(session, ip, clock.now());
      const action = await guard.report(
        {
          productId: session.productId,
          userId: session.userId,
          username: state.username,
          subscriptionId: session.subscriptionId,
          machineId: session.machineId,
          hwid: state.hwid ?? '',
          ip,
        },
        { kind: signal.kind, detail: signal.detail },
      );
      return { ok: true, action };
    },

    /** The session's delivery of the product's file, streamed (sealed or plain). */
    async download(session: LoaderSession | null, ip: string): Promise<OpenedDelivery> {
      await assertOpen();
      if (!session) return refuse('SESSION_INVALID');
      const state = await liveState(session, ip, clock.now());
      const opened = await deliveries.open({ deliveryId: session.deliveryId, session, state, ip });
      return typeof opened === 'string' ? refuse(opened) : opened;
    },

    /**
     * The same checks as steps, for another protocol speaking to the same rules (the KeyAuth
     * compatibility, modules/keyauth): each refuses with a LoaderRefusalError as above.
     */
    steps: {
      assertOpen,
      assertNotBlacklisted,
      /** A key usable for the attempt's product (exists, not banned, not past its redeem-by). */
      usableKey: (value: string, attempt: LoaderAttempt) =>
        usableKey(value, attempt.productId, attempt),
      authenticate,
      redeemInto,
      admit,
      live,
      /** Logs the failed attempt (activity, `loader.refused`) and refuses with `code`. */
      fail,
      isHwidBlacklisted: (productId: string, hwid: string) =>
        repository.isHwidBlacklisted(productId, hwid),
    },
  };
}

export type LoaderService = ReturnType<typeof createLoaderService>;

/**
 * Whether a security rule ended the machine's sessions since this one was issued (a token's
 * expiry less its lifetime); KeyAuth's sessions carry no expiry and are not concerned.
 */
function endedBefore(state: SessionState, session: LiveSession): boolean {
  if (state.sessions_ended_at === null || session.expiresAt === undefined) return false;
  return session.expiresAt - LOADER.sessionTtlMs <= Number(state.sessions_ended_at);
}

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
