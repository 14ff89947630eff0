import type { MessageResponse } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/http/auth.js';
import { withTransaction } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/core/errors.js';
import type { SubscriptionsServiceDeps } from './subscriptions-deps.js';

const text = messages.admin;
const log = messages.activity;

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An administrator's changes of the time a customer holds: days added or removed (never below
 * now), or the subscription removed. Each writes its audit line in its transaction.
 */
export function createDayChanges({
  db,
  clock,
  repository,
  activity,
}: Pick<SubscriptionsServiceDeps, 'db' | 'clock' | 'repository' | 'activity'>) {
  async function existingDetail(id: string, trx: Kysely<Database>) {
    const sub = await repository.findDetail(id, trx);
    if (!sub) throw new NotFoundError(text.subscriptionNotFound);
    return sub;
  }

  return {
    /** Adds (positive) or removes (negative) days; removing never goes below now. */
    async changeDays(subId: string, days: number, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const sub = await existingDetail(subId, trx);
        if (days > 0) {
          await repository.extend({ id: subId }, days * DAY_MS, 0, clock.now(), trx);
        } else {
          await repository.shorten(subId, -days * DAY_MS, clock.now(), trx);
        }
        await activity.record(trx, actor, {
          type: 'subscription.days_changed',
          action: log.subscriptionDays(sub.username, sub.product_name, days),
          target: `user:${sub.user_id}`,
        });
      });
      return { message: text.daysUpdated };
    },

    /** The subscription removed, its machines with it. */
    async removeSubscription(subId: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const sub = await existingDetail(subId, trx);
        await repository.delete(subId, trx);
        await activity.record(trx, actor, {
          type: 'subscription.removed',
          action: log.subscriptionRemoved(sub.username, sub.product_name),
          target: `user:${sub.user_id}`,
        });
      });
      return { message: text.subscriptionRemoved };
    },
  };
}
