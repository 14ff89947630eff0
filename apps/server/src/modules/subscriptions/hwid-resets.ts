import type { MessageResponse } from '@chaveiro/contract';
import { messages, sellerApiMessages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/http/auth.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/core/errors.js';
import type { SubscriptionsServiceDeps } from './subscriptions-deps.js';

const text = messages.client;
const api = sellerApiMessages;

/** A reset as `hwid.reset` reports it; `by` is the administrator, absent for the owner. */
interface Reset {
  subscriptionId: string;
  userId: string;
  machinesReleased: number;
  by?: string;
}

/**
 * HWID resets: every machine of a subscription unbound, so the next device to sign in binds.
 * The owner's spends a reset credit; an administrator's (one subscription, or a whole account)
 * spends none. Each subscription keeps the latest access of what it lost ('Último acesso').
 */
export function createHwidResets({
  clock,
  repository,
  events,
  activity,
}: Pick<SubscriptionsServiceDeps, 'clock' | 'repository' | 'events' | 'activity'>) {
  /** The one place a HWID reset is announced, whoever made it. */
  async function announce(trx: Kysely<Database>, reset: Reset): Promise<void> {
    const { by, ...owner } = reset;
    await events.record(trx, 'hwid.reset', by === undefined ? owner : { ...owner, by });
  }

  return {
    /**
     * The owner's reset of one subscription (the only one, when they hold one and name none):
     * one reset credit, refused when nothing is bound.
     */
    async resetOwnHwid(userId: string, subscriptionId?: string): Promise<MessageResponse> {
      let id = subscriptionId;
      if (!id) {
        const subs = await repository.listForUser(userId);
        if (subs.length !== 1) throw new BadRequestError(text.chooseSubscription);
        id = subs[0]?.id;
      }
      const sub = await repository.findOwn(userId, id ?? '');
      // Another user's id answers exactly like an unknown one: nothing leaks.
      if (!sub) throw new NotFoundError(text.subscriptionNotFound);
      if (sub.hwid_reset_credits <= 0) {
        throw new ConflictError(messages.errors.noResetCredits, 'NO_RESET_CREDITS');
      }
      await events.transaction(async (trx) => {
        // Unbinding first decides who resets: concurrent resets of one subscription queue on
        // its machine rows, and only the one that freed a machine goes on to spend a credit.
        // Nothing bound: refusing (a rollback) keeps the credit instead of spending it on nothing.
        const released = await repository.unbindMachines({ subscriptionId: sub.id }, trx);
        if (released === 0) throw new ConflictError(text.noHwidBound, 'NO_HWID_BOUND');
        if (!(await repository.spendResetCredit(userId, sub.id, clock.now(), trx))) {
          throw new ConflictError(messages.errors.noResetCredits, 'NO_RESET_CREDITS');
        }
        await announce(trx, { subscriptionId: sub.id, userId, machinesReleased: released });
      });
      return { message: text.hwidReset };
    },

    /**
     * An administrator's reset of a whole account, inside the caller's transaction (which
     * checks the account and writes its audit line): one event per subscription that lost
     * machines, as the owner's own reset records.
     */
    async resetAccountHwids(trx: Kysely<Database>, userId: string, by: string): Promise<void> {
      const released = await repository.unbindMachinesPerSubscription({ userId }, trx);
      for (const [subscriptionId, machinesReleased] of released) {
        await announce(trx, { subscriptionId, userId, machinesReleased, by });
      }
    },

    /** Every machine of one subscription unbound by an administrator, no credit spent. */
    async resetHwidByAdmin(subId: string, actor: Actor): Promise<MessageResponse> {
      await events.transaction(async (trx) => {
        const sub = await repository.findDetail(subId, trx);
        if (!sub) throw new NotFoundError(messages.admin.subscriptionNotFound);
        const released = await repository.unbindMachines({ subscriptionId: subId }, trx);
        if (released === 0) throw new ConflictError(api.noHwidBound, 'NO_HWID_BOUND');
        await announce(trx, {
          subscriptionId: subId,
          userId: sub.user_id,
          machinesReleased: released,
          by: actor.userId,
        });
        await activity.record(trx, actor, {
          type: 'subscription.hwid_reset',
          action: api.logSubscriptionHwidReset(sub.username, sub.product_name),
          target: `user:${sub.user_id}`,
        });
      });
      return { message: api.hwidReset };
    },

    /**
     * The settings screen's mass reset: every machine of every account but the admins'
     * unbound, in the caller's transaction. Answers how many accounts had any bound.
     */
    async resetAllHwids(trx: Kysely<Database>): Promise<number> {
      const touched = await repository.countAccountsWithMachines(trx);
      await repository.unbindMachines({ nonAdmins: true }, trx);
      return touched;
    },
  };
}
