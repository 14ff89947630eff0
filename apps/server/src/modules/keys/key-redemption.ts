import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { withTransaction } from '../../platform/database.js';
import { ConflictError, NotFoundError } from '../../platform/errors.js';
import type {
  SubscriptionDetail,
  SubscriptionsRepository,
  SubscriptionsService,
} from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import type { KeysRepository } from './keys-repository.js';
import { keyStatusAt } from './keys-repository.js';

export interface Redemption {
  keyId: string;
  key: string;
  productId: string;
  days: number;
  /** The subscription the key created or extended, as it stands inside the redemption. */
  subscription: SubscriptionDetail;
}

/**
 * Hears of a redemption inside its transaction (a rolled-back redemption is never heard of):
 * the redeemer's XP and the notice to the reseller who bought the key, wired by services.ts.
 */
export type RedemptionListener = (
  executor: Kysely<Database>,
  redeemed: { keyId: string; userId: string; days: number },
) => Promise<void>;

export interface KeyRedemptionDeps extends Pick<AppContext, 'db' | 'clock'> {
  keys: KeysRepository;
  users: Pick<UsersRepository, 'findById'>;
  subscriptions: Pick<SubscriptionsService, 'grant'>;
  subscriptionRows: Pick<SubscriptionsRepository, 'findDetail'>;
  listeners: readonly RedemptionListener[];
}

/**
 * Key redemption: an unused key becomes used by a user and their subscription to its product is
 * created or extended by its duration. The one place redemption happens (admin "Link User", the
 * customer's redeem and the loader's).
 */
export function createKeyRedemption({
  db,
  clock,
  keys,
  users,
  subscriptions,
  subscriptionRows,
  listeners,
}: KeyRedemptionDeps) {
  /** Redeems the key for the user inside `executor`'s transaction. */
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
    const subscriptionId = await subscriptions.grant(executor, {
      userId,
      productId: key.product_id,
      days: key.duration_days,
      devices: 1,
    });
    for (const listener of listeners) {
      await listener(executor, { keyId: key.id, userId, days: key.duration_days });
    }
    const subscription = await subscriptionRows.findDetail(subscriptionId, executor);
    // Granted a moment ago in this same transaction.
    if (!subscription) throw new Error('Subscription missing after its grant');
    return {
      keyId: key.id,
      key: key.key,
      productId: key.product_id,
      days: key.duration_days,
      subscription,
    };
  }

  return {
    redeemKeyIn,

    /** `redeemKeyIn` in a transaction of its own. */
    redeemKey(userId: string, ref: { id: string } | { key: string }): Promise<Redemption> {
      return withTransaction(db, (trx) => redeemKeyIn(trx, userId, ref));
    },
  };
}

export type KeyRedemption = ReturnType<typeof createKeyRedemption>;

function notRedeemable(status: string): ConflictError {
  const text =
    status === 'banned'
      ? messages.admin.keyBanned
      : status === 'expired'
        ? messages.admin.keyExpired
        : messages.admin.keyAlreadyUsed;
  return new ConflictError(text, 'KEY_NOT_REDEEMABLE');
}
