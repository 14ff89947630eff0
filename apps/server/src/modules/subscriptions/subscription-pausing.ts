import type { MessageResponse, PausedBy } from '@chaveiro/contract';
import { messages, sellerApiMessages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/http/auth.js';
import { ConflictError, NotFoundError } from '../../platform/core/errors.js';
import type { OwnedSubscription } from './subscriptions-repository.js';
import type { SubscriptionsServiceDeps } from './subscriptions-deps.js';
import type { HoldSwitchReader } from './subscription-holds.js';
import { nextHolder } from './subscription-holds-repository.js';

const text = messages.client;
const api = sellerApiMessages;

/**
 * Stopping and restarting a subscription's clock: the owner's pause (a credit spent) and
 * resume, an administrator's pause and resume of one subscription, and "pause all users".
 * Clocks freeze while paused: pausing stores the remaining time, resuming runs it from now.
 */
export function createSubscriptionPausing({
  clock,
  repository,
  events,
  activity,
  holds,
}: Pick<SubscriptionsServiceDeps, 'clock' | 'repository' | 'events' | 'activity'> & {
  holds: HoldSwitchReader;
}) {
  /** The one place a pause or a resume is announced, whoever made it. */
  async function announce(
    trx: Kysely<Database>,
    change: 'paused' | 'resumed',
    changed: readonly OwnedSubscription[],
    by: PausedBy,
  ): Promise<void> {
    for (const sub of changed) {
      const payload = { subscriptionId: sub.id, userId: sub.user_id, by };
      if (change === 'paused') await events.record(trx, 'subscription.paused', payload);
      else await events.record(trx, 'subscription.resumed', payload);
    }
  }

  /** The subscription's detail for an administrator's change; 404 when unknown. */
  async function existingDetail(id: string, trx: Kysely<Database>) {
    const sub = await repository.findDetail(id, trx);
    if (!sub) throw new NotFoundError(messages.admin.subscriptionNotFound);
    return sub;
  }

  return {
    /**
     * The owner pauses (one pause credit) or resumes their own subscription; they may resume
     * only a pause they made. Another user's id answers exactly like an unknown one.
     */
    async setOwnStatus(
      userId: string,
      id: string,
      status: 'active' | 'paused',
    ): Promise<MessageResponse> {
      const sub = await repository.findOwn(userId, id);
      if (!sub) throw new NotFoundError(text.subscriptionNotFound);
      const now = clock.now();
      const own = [{ id, user_id: userId }];
      if (status === 'paused') {
        // A clock its product's freeze holds may still be paused by its owner: it then stays
        // paused when the product returns.
        const frozenByProduct = sub.paused_by === 'product';
        if (sub.status === 'paused' && !frozenByProduct)
          throw new ConflictError(text.alreadyPaused);
        if (!frozenByProduct && (sub.expires_at ?? 0) <= now) {
          throw new ConflictError(text.expiredCannotPause);
        }
        if (sub.pause_credits <= 0) {
          throw new ConflictError(messages.errors.noPauseCredits, 'NO_PAUSE_CREDITS');
        }
        await events.transaction(async (trx) => {
          if (!(await repository.pauseOwn(userId, id, now, trx))) {
            throw new ConflictError(text.alreadyPaused);
          }
          await announce(trx, 'paused', own, 'user');
        });
        return { message: text.paused };
      }
      if (sub.status === 'active') throw new ConflictError(text.alreadyActive);
      if (sub.paused_by === 'product') {
        throw new ConflictError(text.frozenByProduct, 'FROZEN_BY_PRODUCT');
      }
      if (sub.paused_by !== 'user') throw new ConflictError(text.pausedByAdmin, 'PAUSED_BY_ADMIN');
      const next = await events.transaction(async (trx) => {
        const next = nextHolder(await holds.read(trx, sub.product_id));
        if (!(await repository.resumeOwn(userId, id, now, next, trx))) {
          throw new ConflictError(text.alreadyActive);
        }
        if (next === null) await announce(trx, 'resumed', own, 'user');
        return next;
      });
      if (next === 'product') return { message: text.resumedButFrozen };
      return { message: next === 'global' ? text.resumedButPausedForAll : text.resumed };
    },

    /**
     * An administrator's pause of one subscription: its clock frozen as "pause all" freezes it
     * (paused by the administration, no credit spent, the customer cannot resume it).
     */
    async pauseByAdmin(subId: string, actor: Actor): Promise<MessageResponse> {
      await events.transaction(async (trx) => {
        const sub = await existingDetail(subId, trx);
        if (sub.status === 'paused' && sub.paused_by !== 'product') {
          throw new ConflictError(api.alreadyPaused, 'ALREADY_PAUSED');
        }
        if (!(await repository.pauseByAdmin(subId, clock.now(), trx))) {
          throw new ConflictError(api.expiredCannotPause, 'SUBSCRIPTION_EXPIRED');
        }
        await announce(trx, 'paused', [sub], 'admin');
        await activity.record(trx, actor, {
          type: 'subscription.paused',
          action: api.logSubscriptionPaused(sub.username, sub.product_name),
          target: `user:${sub.user_id}`,
        });
      });
      return { message: api.paused };
    },

    /** An administrator's resume of one paused subscription, whoever paused it. */
    async resumeByAdmin(subId: string, actor: Actor): Promise<MessageResponse> {
      await events.transaction(async (trx) => {
        const sub = await existingDetail(subId, trx);
        if (sub.paused_by === 'product') {
          throw new ConflictError(text.frozenByProduct, 'FROZEN_BY_PRODUCT');
        }
        const next = nextHolder(await holds.read(trx, sub.product_id));
        if (!(await repository.resume(subId, clock.now(), next, trx))) {
          throw new ConflictError(api.alreadyActive, 'NOT_PAUSED');
        }
        if (next === null) await announce(trx, 'resumed', [sub], 'admin');
        await activity.record(trx, actor, {
          type: 'subscription.resumed',
          action: api.logSubscriptionResumed(sub.username, sub.product_name),
          target: `user:${sub.user_id}`,
        });
      });
      return { message: api.resumed };
    },

    /**
     * "Pause all users" turned on freezes every running subscription (paused by `global`); off,
     * it lets go only of those it holds (a user's or an administrator's own pause stays), which
     * run again unless their product's freeze takes them over. Run in the transaction that
     * stores the switch, `now` its time; answers how many it froze or restarted.
     */
    async applyPauseAll(trx: Kysely<Database>, on: boolean, now: number): Promise<number> {
      const changed = on
        ? await repository.freezeAllRunning(now, trx)
        : await repository.releaseGlobal(now, trx);
      await announce(trx, on ? 'paused' : 'resumed', changed, 'global');
      return changed.length;
    },
  };
}
