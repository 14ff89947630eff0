import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SubscriptionsServiceDeps } from './subscriptions-deps.js';
import type { HoldSwitches } from './subscription-holds-repository.js';

/** Reads the hold switches in force for one product inside a transaction. */
export interface HoldSwitchReader {
  read(trx: Kysely<Database>, productId: string): Promise<HoldSwitches>;
}

/**
 * The holds that stop many clocks at once: a product's freeze and "pause all users". Both are
 * read locked, "pause all" first then the product, in every transaction that decides a clock
 * from them (a grant, a resume, a change of either), so on PostgreSQL they take turns and no
 * clock is decided from a switch that is changing.
 */
export function createSubscriptionHolds({
  dialect,
  repository,
  settings,
}: Pick<SubscriptionsServiceDeps, 'dialect' | 'repository' | 'settings'>) {
  const switches: HoldSwitchReader = {
    async read(trx, productId) {
      const pauseAll = (await settings.getLocked('pause_all_users', trx, dialect)) === 'on';
      const productFrozen = await repository.productFrozen(productId, trx);
      return { pauseAll, productFrozen };
    },
  };
  return {
    switches,
    service: {
      /**
       * The product's freeze begins (`frozen`) or ends, in the transaction that changes the
       * product's status (which holds its row FOR UPDATE), `now` its time. Beginning stops every
       * running subscription of it; ending gives each the time since it was held and runs it
       * again (or passes it to "pause all users" when that is on). One statement per change,
       * whatever the number of subscriptions. Answers how many it froze or gave time back to,
       * and how much time in all.
       */
      async applyProductFreeze(
        trx: Kysely<Database>,
        productId: string,
        frozen: boolean,
        now: number,
      ): Promise<{ subscriptionsAffected: number; givenBackMs: number }> {
        const pauseAll = (await settings.getLocked('pause_all_users', trx, dialect)) === 'on';
        if (frozen) {
          const count = await repository.freezeProduct(productId, now, trx);
          return { subscriptionsAffected: count, givenBackMs: 0 };
        }
        const released = await repository.releaseProduct(
          productId,
          now,
          pauseAll ? 'global' : null,
          trx,
        );
        return { subscriptionsAffected: released.count, givenBackMs: released.givenBackMs };
      },
    },
  };
}
