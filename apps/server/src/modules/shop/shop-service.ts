import type { PurchaseBody, PurchaseResponse, RenewalOffer, ShopProduct } from '@chaveiro/contract';
import {
  ADMIN_LIMITS,
  PLAN_DURATION_DAYS,
  PLAN_DURATION_TYPES,
  centsToReais,
  messages,
} from '@chaveiro/contract';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { NotFoundError, UnprocessableError } from '../../platform/core/errors.js';
import { formatBrDate } from '../../platform/core/pt-br.js';
import type { Actor } from '../../platform/http/auth.js';
import type { OrderFulfilment, OrdersRepository } from '../orders/index.js';
import type { ProductRecord, ProductsRepository } from '../products/index.js';
import { isPurchasable } from '../products/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { effectiveExpiry } from '../subscriptions/index.js';
import type { ShopRepository } from './shop-repository.js';

const text = messages.shop;

export interface ShopServiceDeps extends Pick<AppContext, 'clock'> {
  shop: ShopRepository;
  products: ProductsRepository;
  subscriptions: Pick<SubscriptionsService, 'findDetail'>;
  /** The purchase itself (debit, grant, order row, `purchase.completed`, activity). */
  fulfilment: OrderFulfilment;
  /** The plan last bought, for "Renovar". */
  orders: Pick<OrdersRepository, 'lastPlan'>;
  /** Purchases run in its transactions (the buyer's XP, bell and e-mail react). */
  events: EventRecorder;
}

/** The customer shop: plans bought with the account balance. */
export function createShopService({
  clock,
  shop,
  products,
  subscriptions,
  fulfilment,
  orders,
  events,
}: ShopServiceDeps) {
  /**
   * A product on sale as the shop lists it, with the expiry of the buyer's subscription and
   * whether it can be bought now (a product down is still listed, with its status and note).
   */
  function toShopProduct(
    offer: ProductRecord,
    owned: Parameters<typeof effectiveExpiry>[0] | undefined,
  ): ShopProduct {
    const expiry = owned === undefined ? undefined : effectiveExpiry(owned, clock.now());
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
      operational_status: offer.operational_status,
      status_note: offer.status_note,
      purchasable: isPurchasable(offer),
    };
  }

  return {
    /** Active products with a plan, plans from the shortest, and what the caller already holds. */
    async products(userId: string): Promise<ShopProduct[]> {
      const [offers, owned] = await Promise.all([
        products.sellable(ADMIN_LIMITS.productsMax),
        shop.owned(userId),
      ]);
      const ownedOf = new Map(owned.map((sub) => [sub.product_id, sub]));
      return offers.map((offer) => {
        const owned = ownedOf.get(offer.id);
        return toShopProduct(offer, owned);
      });
    },

    /**
     * Pays a plan from the balance and creates or extends the subscription, in one transaction
     * with its completed order: the debit is a conditional update, so concurrent purchases never
     * overspend, and a refused debit (409) leaves everything as it was.
     */
    async purchase(actor: Actor, body: PurchaseBody): Promise<PurchaseResponse> {
      const done = await events.transaction((trx) =>
        fulfilment.payFromBalance(trx, actor, { ...body, kind: 'purchase' }),
      );
      return {
        message: text.purchased(done.productName, formatBrDate(done.expiry)),
        balance: centsToReais(done.balanceAfterCents),
        subscription_id: done.subscriptionId,
        expires_at: new Date(done.expiry).toISOString(),
      };
    },

    /**
     * What "Renovar" offers for one own subscription: its product on sale and the plan last
     * bought for it when still offered. 404 for another account's subscription, 422 when the
     * product is off sale.
     */
    async renewalOffer(userId: string, subscriptionId: string): Promise<RenewalOffer> {
      const sub = await subscriptions.findDetail(subscriptionId);
      if (!sub || sub.user_id !== userId) {
        throw new NotFoundError(messages.orders.subscriptionNotFound);
      }
      const [product, lastPlan] = await Promise.all([
        products.find(sub.product_id),
        orders.lastPlan(userId, sub.product_id),
      ]);
      const offer = product && product.status === 'active' ? toShopProduct(product, sub) : null;
      if (!offer || offer.plans.length === 0) {
        throw new UnprocessableError(text.productUnavailable, 'PRODUCT_UNAVAILABLE');
      }
      const known = offer.plans.some((plan) => plan.duration_type === lastPlan);
      return {
        subscription_id: sub.id,
        product: offer,
        duration_type: known && lastPlan !== undefined ? lastPlan : null,
      };
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
