import { SUBSCRIPTION_DEFAULT_CREDITS, XP_RULES, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { withTransaction } from '../../platform/database.js';
import { ConflictError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { createKeysRepository, keyStatusAt } from '../keys/keys-repository.js';
import { createKeyRedeemedNotice } from '../reseller/key-redeemed-notice.js';
import { createSettingsRepository } from '../settings/settings-repository.js';
import { createUsersRepository } from '../users/users-repository.js';
import { createSubscriptionsRepository } from './subscriptions-repository.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry shown for a subscription: a paused one's is what it would be if resumed now. */
export function effectiveExpiry(
  sub: {
    status: 'active' | 'paused';
    expires_at: number | null;
    paused_remaining_ms: number | null;
  },
  now: number,
): number {
  return sub.status === 'paused' ? now + (sub.paused_remaining_ms ?? 0) : (sub.expires_at ?? now);
}

export interface Grant {
  userId: string;
  productId: string;
  days: number;
  devices: number;
}

export interface Redemption {
  keyId: string;
  key: string;
  productId: string;
  days: number;
  subscriptionId: string;
}

export function createSubscriptionsService(ctx: Pick<AppContext, 'db' | 'dialect' | 'clock'>) {
  const { db, clock } = ctx;
  const subscriptions = createSubscriptionsRepository(db);
  const keys = createKeysRepository(db, ctx.dialect);
  const users = createUsersRepository(db);
  const settings = createSettingsRepository(db);
  const keyRedeemed = createKeyRedeemedNotice(ctx);

  /**
   * Gives a user `days` of a product: a new subscription with the default credits, or, when the
   * user already holds the product, that subscription extended (DESIGN.md). Run inside a
   * transaction.
   */
  async function grant(
    executor: Kysely<Database>,
    { userId, productId, days, devices }: Grant,
  ): Promise<string> {
    const now = clock.now();
    const id = newId();
    // While "pause all users" is on, time granted now must stay frozen like everyone else's
    // (paused by the administration) and start running when the pause is lifted.
    const pausedGlobally =
      (await settings.getLocked('pause_all_users', executor, ctx.dialect)) === 'on';
    const created = await subscriptions.insertIfAbsent(
      {
        id,
        userId,
        productId,
        expiresAt: now + days * DAY_MS,
        maxDevices: devices,
        pauseCredits: SUBSCRIPTION_DEFAULT_CREDITS.pauseCredits,
        hwidResetCredits: SUBSCRIPTION_DEFAULT_CREDITS.hwidResetCredits,
        now,
        pausedGlobally,
      },
      executor,
    );
    if (created) return id;
    await subscriptions.extend({ userId, productId }, days * DAY_MS, devices, now, executor);
    const existing = await subscriptions.findByUserProduct(userId, productId, executor);
    // The unique (user, product) row that made the insert a no-op cannot vanish mid-transaction.
    if (!existing) throw new Error('Subscription missing after a conflicting insert');
    // An expired subscription left running by the pause restarts with this grant: freeze it too.
    if (pausedGlobally) await subscriptions.freezeAllRunning(now, executor, existing.id);
    return existing.id;
  }

  /**
   * Redeems an unused key for a user inside `executor`'s transaction: the key becomes used by
   * them and their subscription to its product is created or extended by its duration. The
   * one place redemption happens (admin "Link User", the customer's redeem and the loader's),
   * so the reseller who bought the key hears of it here.
   */
  async function redeemKeyIn(
    executor: Kysely<Database>,
    userId: string,
    ref: { id: string } | { key: string },
  ): Promise<Redemption> {
    const key = await keys.find(ref, executor);
    if (!key) throw new NotFoundError(messages.admin.keyNotFound);
    const now = clock.now();
    // An unused key past its redeem-by date shows (and is refused) as expired.
    const status = keyStatusAt(key, now);
    if (status !== 'active') throw notRedeemable(status);
    if (!(await users.findById(userId, executor))) {
      throw new NotFoundError(messages.admin.userNotFound);
    }
    if (!(await keys.markRedeemed(key.id, userId, now, executor))) {
      throw notRedeemable('used');
    }
    const subscriptionId = await grant(executor, {
      userId,
      productId: key.product_id,
      days: key.duration_days,
      devices: 1,
    });
    await users.addXp(userId, key.duration_days * XP_RULES.perLicenceDay, executor);
    await keyRedeemed.notify(executor, key.id, userId);
    return {
      keyId: key.id,
      key: key.key,
      productId: key.product_id,
      days: key.duration_days,
      subscriptionId,
    };
  }

  return {
    grant,
    redeemKeyIn,

    /** `redeemKeyIn` in a transaction of its own. */
    redeemKey(userId: string, ref: { id: string } | { key: string }): Promise<Redemption> {
      return withTransaction(db, (trx) => redeemKeyIn(trx, userId, ref));
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

function notRedeemable(status: string): ConflictError {
  const text =
    status === 'banned'
      ? messages.admin.keyBanned
      : status === 'expired'
        ? messages.admin.keyExpired
        : messages.admin.keyAlreadyUsed;
  return new ConflictError(text, 'KEY_NOT_REDEEMABLE');
}
