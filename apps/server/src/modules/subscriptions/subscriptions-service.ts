import { SUBSCRIPTION_DEFAULT_CREDITS } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import type { SettingsRepository } from '../settings/index.js';
import type { SubscriptionsRepository } from './subscriptions-repository.js';

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

export interface SubscriptionsServiceDeps extends Pick<AppContext, 'dialect' | 'clock'> {
  subscriptions: SubscriptionsRepository;
  /**
   * pause_all_users is read locked (FOR SHARE on PostgreSQL) inside the grant's transaction, so
   * a grant and a change of the pause take turns: a read no cache can serve.
   */
  settings: Pick<SettingsRepository, 'getLocked'>;
}

export function createSubscriptionsService({
  dialect,
  clock,
  subscriptions,
  settings,
}: SubscriptionsServiceDeps) {
  return {
    /**
     * Gives a user `days` of a product: a new subscription with the default credits, or, when the
     * user already holds the product, that subscription extended (DESIGN.md). Run inside a
     * transaction.
     */
    async grant(
      executor: Kysely<Database>,
      { userId, productId, days, devices }: Grant,
    ): Promise<string> {
      const now = clock.now();
      const id = newId();
      // While "pause all users" is on, time granted now must stay frozen like everyone else's
      // (paused by the administration) and start running when the pause is lifted.
      const pausedGlobally =
        (await settings.getLocked('pause_all_users', executor, dialect)) === 'on';
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
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
