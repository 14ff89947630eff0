import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder, RedemptionVia } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/core/errors.js';
import type { ProductsRepository } from '../products/index.js';
import type { SubscriptionDetail, SubscriptionsService } from '../subscriptions/index.js';
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

/** Where a redemption comes from and the request's address, for the audit log. */
export interface RedemptionOrigin {
  via: RedemptionVia;
  /** Null when no request is behind it. */
  ip: string | null;
}

export interface KeyRedemptionDeps extends Pick<AppContext, 'clock'> {
  events: EventRecorder;
  keys: KeysRepository;
  users: Pick<UsersRepository, 'findById'>;
  subscriptions: Pick<SubscriptionsService, 'grant' | 'findDetail'>;
  products: Pick<ProductsRepository, 'find'>;
}

/**
 * Key redemption: an unused key becomes used by a user and their subscription to its product is
 * created or extended by its duration. The one place redemption happens (admin "Link User", the
 * customer's redeem and the loader's). It records `key.redeemed` in the redemption's transaction;
 * who hears of it (the redeemer's XP, the reseller's notice) is the outbox's handlers' business.
 */
export function createKeyRedemption({
  events,
  clock,
  keys,
  users,
  subscriptions,
  products,
}: KeyRedemptionDeps) {
  /** Redeems the key for the user inside `executor`, a transaction `events.transaction` opened. */
  async function redeemKeyIn(
    executor: Kysely<Database>,
    userId: string,
    ref: { id: string } | { key: string },
    origin: RedemptionOrigin,
  ): Promise<Redemption> {
    const key = await keys.find(ref, executor);
    if (!key) throw new NotFoundError(messages.admin.keyNotFound);
    const now = clock.now();
    // An unused key past its redeem-by date shows (and is refused) as expired.
    const status = keyStatusAt(key, now);
    if (status !== 'active') throw notRedeemable(status);
    // A key of a product switched off stays unused and valid: redeeming it now would start days
    // the loader refuses to use (PRODUCT_DISABLED), so it waits for the product to come back.
    const product = await products.find(key.product_id, executor);
    if (product && product.status !== 'active') {
      throw new UnprocessableError(messages.admin.keyProductDisabled, 'PRODUCT_DISABLED');
    }
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
    await events.record(executor, 'key.redeemed', {
      keyId: key.id,
      userId,
      productId: key.product_id,
      subscriptionId,
      days: key.duration_days,
      keyCreatedBy: key.created_by,
      via: origin.via,
      ip: origin.ip ?? undefined,
    });
    const subscription = await subscriptions.findDetail(subscriptionId, executor);
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
    redeemKey(
      userId: string,
      ref: { id: string } | { key: string },
      origin: RedemptionOrigin,
    ): Promise<Redemption> {
      return events.transaction((trx) => redeemKeyIn(trx, userId, ref, origin));
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
