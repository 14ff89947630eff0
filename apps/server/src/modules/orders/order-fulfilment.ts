import type { OrderKind, PlanDurationType } from '@chaveiro/contract';
import { PLAN_DURATION_DAYS, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { formatCents } from '../../platform/core/pt-br.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { ProductRecord, ProductsRepository } from '../products/index.js';
import { assertPurchasable } from '../products/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { effectiveExpiry } from '../subscriptions/index.js';
import type { OrdersRepository } from './orders-repository.js';

const shop = messages.shop;

export interface OrderFulfilmentDeps extends Pick<AppContext, 'clock'> {
  orders: OrdersRepository;
  products: ProductsRepository;
  subscriptions: Pick<SubscriptionsService, 'grant' | 'findDetail'>;
  balance: BalanceService;
  activity: ActivityService;
  events: EventRecorder;
}

/** What a purchase from the balance produced. */
export interface Fulfilled {
  orderId: string;
  subscriptionId: string;
  /** The subscription's expiry now (as if resumed now when paused). */
  expiry: number;
  productName: string;
  priceCents: number;
  /** The balance left. */
  balanceAfterCents: number;
}

/**
 * The purchase itself, in the caller's transaction: the product and plan checked, the price
 * debited (a conditional update: never below zero), the subscription created or extended, the
 * order row, `purchase.completed` and the activity line. The shop's balance purchase runs it
 * with a new order; an order paid by PIX runs it when its deposit is credited.
 */
export function createOrderFulfilment({
  clock,
  orders,
  products,
  subscriptions,
  balance,
  activity,
  events,
}: OrderFulfilmentDeps) {
  async function grantAndAnnounce(
    trx: Kysely<Database>,
    line: {
      orderId: string;
      userId: string;
      productId: string;
      productName: string;
      durationType: PlanDurationType;
      days: number;
      priceCents: number;
      method: 'balance' | 'pix';
    },
  ): Promise<{ subscriptionId: string; expiry: number }> {
    const subscriptionId = await subscriptions.grant(trx, {
      userId: line.userId,
      productId: line.productId,
      days: line.days,
      devices: 1,
    });
    const sub = await subscriptions.findDetail(subscriptionId, trx);
    const expiry = sub ? effectiveExpiry(sub, clock.now()) : clock.now();
    await events.record(trx, 'purchase.completed', {
      userId: line.userId,
      productId: line.productId,
      durationType: line.durationType,
      days: line.days,
      amountCents: line.priceCents,
      subscriptionId,
      orderId: line.orderId,
      productName: line.productName,
      expiresAt: expiry,
      method: line.method,
    });
    return { subscriptionId, expiry };
  }

  /**
   * A product on sale with that plan, and the plan's price: 404 for an unknown product, 422 for
   * one off sale or without that plan, 409 PRODUCT_NOT_OPERATIONAL while it is down and the
   * seller does not sell it meanwhile.
   */
  async function onSale(
    productId: string,
    durationType: PlanDurationType,
    executor?: Kysely<Database>,
  ): Promise<{ product: ProductRecord; priceCents: number }> {
    const product = await products.find(productId, executor);
    if (!product) throw new NotFoundError(shop.productNotFound);
    if (product.status !== 'active') {
      throw new UnprocessableError(shop.productUnavailable, 'PRODUCT_UNAVAILABLE');
    }
    const priceCents = product.plans[durationType];
    if (priceCents === undefined) {
      throw new UnprocessableError(shop.planUnavailable, 'PLAN_UNAVAILABLE');
    }
    assertPurchasable(product);
    return { product, priceCents };
  }

  return {
    onSale,

    /**
     * Pays a plan from the balance now and records a completed order (the shop's "Comprar", a
     * checkout by balance). Throws 404/422 for a product or plan not on sale, 409
     * INSUFFICIENT_BALANCE when the balance is short; nothing is written then.
     */
    async payFromBalance(
      trx: Kysely<Database>,
      actor: Actor,
      purchase: { productId: string; durationType: PlanDurationType; kind: OrderKind },
    ): Promise<Fulfilled> {
      const { product, priceCents } = await onSale(purchase.productId, purchase.durationType, trx);
      const plan = messages.plans[purchase.durationType];
      const after = await balance.move(trx, {
        userId: actor.userId,
        amountCents: -priceCents,
        reason: shop.reasonPurchase(product.name, plan),
        actorId: null,
      });
      if (after === undefined) {
        throw new ConflictError(shop.insufficientBalance, 'INSUFFICIENT_BALANCE');
      }
      const orderId = newId();
      const days = PLAN_DURATION_DAYS[purchase.durationType];
      const granted = await grantAndAnnounce(trx, {
        orderId,
        userId: actor.userId,
        productId: product.id,
        productName: product.name,
        durationType: purchase.durationType,
        days,
        priceCents,
        method: 'balance',
      });
      const now = clock.now();
      await orders.insert(
        {
          id: orderId,
          user_id: actor.userId,
          kind: purchase.kind,
          product_id: product.id,
          product_name: product.name,
          duration_type: purchase.durationType,
          days,
          price_cents: priceCents,
          subscription_id: granted.subscriptionId,
          method: 'balance',
          deposit_id: null,
          paid_from_balance_cents: priceCents,
          status: 'completed',
          created_at: now,
          completed_at: now,
        },
        trx,
      );
      await activity.record(trx, actor, {
        type: 'purchase.completed',
        action: shop.logPurchase(actor.username, product.name, plan, formatCents(priceCents)),
        target: `subscription:${granted.subscriptionId}`,
      });
      return {
        orderId,
        subscriptionId: granted.subscriptionId,
        expiry: granted.expiry,
        productName: product.name,
        priceCents,
        balanceAfterCents: after,
      };
    },

    /**
     * Completes an order awaiting its PIX payment, right after its deposit was credited, in the
     * caller's transaction. Answers why it cannot (pt-BR, as the customer is told) instead of
     * throwing, so nothing is written then and the money stays on the balance.
     *
     * The product's operational status is not checked again: the order was placed while it
     * could be bought (the checkout refuses otherwise), so a payment that lands during an
     * outage still completes it, and the grant starts frozen when the outage freezes time.
     */
    async completePaid(
      trx: Kysely<Database>,
      order: {
        id: string;
        user_id: string;
        username: string;
        product_id: string;
        product_name: string;
        duration_type: PlanDurationType;
        days: number;
        price_cents: number;
        reference: string;
      },
    ): Promise<{ ok: true; subscriptionId: string } | { ok: false; reason: string }> {
      const text = messages.orders;
      const product = await products.find(order.product_id, trx);
      if (!product || product.status !== 'active') {
        return { ok: false, reason: text.failedProductUnavailable };
      }
      if (product.plans[order.duration_type] === undefined) {
        return { ok: false, reason: text.failedPlanUnavailable };
      }
      const plan = messages.plans[order.duration_type];
      // The price agreed at checkout, even if the plan's price changed since.
      const after = await balance.move(trx, {
        userId: order.user_id,
        amountCents: -order.price_cents,
        reason: text.reasonPurchase(order.product_name, plan, order.reference),
        actorId: null,
      });
      if (after === undefined) return { ok: false, reason: text.failedInsufficientBalance };
      const granted = await grantAndAnnounce(trx, {
        orderId: order.id,
        userId: order.user_id,
        productId: order.product_id,
        productName: order.product_name,
        durationType: order.duration_type,
        days: order.days,
        priceCents: order.price_cents,
        method: 'pix',
      });
      const settled = await orders.settle(
        order.id,
        { status: 'completed', subscriptionId: granted.subscriptionId, at: clock.now() },
        trx,
      );
      if (!settled) {
        // Settled meanwhile (cannot happen inside the handler's exactly-once transaction).
        throw new Error(`Order ${order.id} was settled by another transaction`);
      }
      await activity.record(
        trx,
        { userId: order.user_id, username: order.username, ip: null },
        {
          type: 'purchase.completed',
          action: text.logCompleted(
            order.username,
            order.product_name,
            plan,
            formatCents(order.price_cents),
          ),
          target: `subscription:${granted.subscriptionId}`,
        },
      );
      return { ok: true, subscriptionId: granted.subscriptionId };
    },
  };
}

export type OrderFulfilment = ReturnType<typeof createOrderFulfilment>;
