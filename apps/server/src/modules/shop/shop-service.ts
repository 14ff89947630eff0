import type { PurchaseBody, PurchaseResponse, ShopProduct } from '@chaveiro/contract';
import {
  ADMIN_LIMITS,
  PLAN_DURATION_DAYS,
  PLAN_DURATION_TYPES,
  centsToReais,
  messages,
} from '@chaveiro/contract';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/context.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/errors.js';
import { formatBrDate, formatCents } from '../../platform/pt-br.js';
import type { Actor } from '../../platform/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { ProductsRepository } from '../products/index.js';
import type { SubscriptionsRepository, SubscriptionsService } from '../subscriptions/index.js';
import { effectiveExpiry } from '../subscriptions/index.js';
import type { ShopRepository } from './shop-repository.js';

const text = messages.shop;

export interface ShopServiceDeps extends Pick<AppContext, 'clock'> {
  shop: ShopRepository;
  products: ProductsRepository;
  subscriptions: SubscriptionsRepository;
  granting: SubscriptionsService;
  balance: BalanceService;
  activity: ActivityService;
  /** Purchases record `purchase.completed` in their transaction (the buyer's XP reacts). */
  events: EventRecorder;
}

/** The customer shop: plans bought with the account balance. */
export function createShopService({
  clock,
  shop,
  products,
  subscriptions,
  granting,
  balance,
  activity,
  events,
}: ShopServiceDeps) {
  return {
    /** Active products with a plan, plans from the shortest, and what the caller already holds. */
    async products(userId: string): Promise<ShopProduct[]> {
      const [offers, owned] = await Promise.all([
        products.sellable(ADMIN_LIMITS.productsMax),
        shop.owned(userId),
      ]);
      const now = clock.now();
      const expiryOf = new Map(owned.map((sub) => [sub.product_id, effectiveExpiry(sub, now)]));
      return offers.map((offer) => {
        const expiry = expiryOf.get(offer.id);
        return {
          id: offer.id,
          name: offer.name,
          description: offer.description,
          // Shortest first.
          plans: PLAN_DURATION_TYPES.flatMap((durationType) => {
            const priceCents = offer.plans[durationType];
            return priceCents === undefined
              ? []
              : [
                  {
                    duration_type: durationType,
                    days: PLAN_DURATION_DAYS[durationType],
                    price: centsToReais(priceCents),
                  },
                ];
          }),
          owned_until: expiry === undefined ? null : new Date(expiry).toISOString(),
        };
      });
    },

    /**
     * Pays a plan from the balance and creates or extends the subscription, in one transaction:
     * the debit is a conditional update, so concurrent purchases never overspend, and a refused
     * debit (409) leaves everything as it was.
     */
    async purchase(actor: Actor, body: PurchaseBody): Promise<PurchaseResponse> {
      const userId = actor.userId;
      const result = await events.transaction(async (trx) => {
        const product = await products.find(body.productId, trx);
        if (!product) throw new NotFoundError(text.productNotFound);
        if (product.status !== 'active') {
          throw new UnprocessableError(text.productUnavailable, 'PRODUCT_UNAVAILABLE');
        }
        const priceCents = product.plans[body.durationType];
        if (priceCents === undefined) {
          throw new UnprocessableError(text.planUnavailable, 'PLAN_UNAVAILABLE');
        }
        const plan = messages.plans[body.durationType];
        const after = await balance.move(trx, {
          userId,
          amountCents: -priceCents,
          reason: text.reasonPurchase(product.name, plan),
          actorId: null,
        });
        if (after === undefined) {
          throw new ConflictError(text.insufficientBalance, 'INSUFFICIENT_BALANCE');
        }
        const days = PLAN_DURATION_DAYS[body.durationType];
        const subscriptionId = await granting.grant(trx, {
          userId,
          productId: product.id,
          days,
          devices: 1,
        });
        await events.record(trx, 'purchase.completed', {
          userId,
          productId: product.id,
          durationType: body.durationType,
          days,
          amountCents: priceCents,
          subscriptionId,
        });
        await activity.record(trx, actor, {
          action: text.logPurchase(actor.username, product.name, plan, formatCents(priceCents)),
          target: `subscription:${subscriptionId}`,
        });
        const sub = await subscriptions.findDetail(subscriptionId, trx);
        const expiry = sub ? effectiveExpiry(sub, clock.now()) : clock.now();
        return { after, subscriptionId, expiry, productName: product.name };
      });
      return {
        message: text.purchased(result.productName, formatBrDate(result.expiry)),
        balance: centsToReais(result.after),
        subscription_id: result.subscriptionId,
        expires_at: new Date(result.expiry).toISOString(),
      };
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
