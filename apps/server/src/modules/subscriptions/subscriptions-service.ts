import { SUBSCRIPTION_DEFAULT_CREDITS } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../platform/core/ids.js';
import { DAY_MS, createDayChanges } from './day-changes.js';
import { createHwidResets } from './hwid-resets.js';
import { createMachineBinding } from './machine-binding.js';
import { createMachineRelease } from './machine-release.js';
import { createMachineSessions } from './machine-sessions.js';
import { createSubscriptionHolds } from './subscription-holds.js';
import { nextHolder } from './subscription-holds-repository.js';
import { createSubscriptionPausing } from './subscription-pausing.js';
import type { SubscriptionsServiceDeps } from './subscriptions-deps.js';

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

/**
 * The one owner of a subscription's clock, credits and machines: grants, pauses and resumes
 * (owner, administrator, "pause all users"), HWID resets, machine bindings and releases, and
 * the administration's day changes. Other modules call these; none writes `subscriptions` or
 * `machines` itself.
 */
export function createSubscriptionsService(deps: SubscriptionsServiceDeps) {
  const { clock, repository } = deps;
  const holds = createSubscriptionHolds(deps);
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
      // While the product's freeze or "pause all users" is in force, time granted now stays
      // frozen like everyone else's and starts running when it lifts.
      const heldBy = nextHolder(await holds.switches.read(executor, productId));
      const created = await repository.insertIfAbsent(
        {
          id,
          userId,
          productId,
          expiresAt: now + days * DAY_MS,
          maxDevices: devices,
          pauseCredits: SUBSCRIPTION_DEFAULT_CREDITS.pauseCredits,
          hwidResetCredits: SUBSCRIPTION_DEFAULT_CREDITS.hwidResetCredits,
          now,
          heldBy,
        },
        executor,
      );
      if (created) return id;
      await repository.extend({ userId, productId }, days * DAY_MS, devices, now, executor);
      const existing = await repository.findByUserProduct(userId, productId, executor);
      // The unique (user, product) row that made the insert a no-op cannot vanish mid-transaction.
      if (!existing) throw new Error('Subscription missing after a conflicting insert');
      // An expired subscription left running by the hold restarts with this grant: hold it too.
      if (heldBy) await repository.holdRunning(existing.id, heldBy, now, executor);
      return existing.id;
    },

    /** A subscription with its owner's and product's names. */
    findDetail(id: string, executor?: Kysely<Database>) {
      return repository.findDetail(id, executor);
    },

    /** The user's subscription to the product, if any. */
    findByUserProduct(userId: string, productId: string, executor?: Kysely<Database>) {
      return repository.findByUserProduct(userId, productId, executor);
    },

    /** Every subscription of one user with its product's name, oldest first. */
    listForUser(userId: string) {
      return repository.listForUser(userId);
    },

    ...holds.service,
    ...createSubscriptionPausing({ ...deps, holds: holds.switches }),
    ...createHwidResets(deps),
    ...createMachineRelease(deps),
    ...createMachineBinding(deps),
    ...createMachineSessions(deps),
    ...createDayChanges(deps),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
