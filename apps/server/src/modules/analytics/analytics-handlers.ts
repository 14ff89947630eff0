import { defineHandler } from '../../events/index.js';
import { BUSINESS_TIME_ZONE, dayIn } from '../../platform/core/calendar.js';
import { FACTS, METRICS } from './analytics-metrics.js';
import type { AnalyticsRollupsRepository } from './analytics-rollups-repository.js';

export interface AnalyticsHandlersDeps {
  rollups: Pick<AnalyticsRollupsRepository, 'countFact' | 'roleOf'>;
}

/** The São Paulo day of an instant: the rollups' `day`. */
const dayOf = (epochMs: number) => dayIn(BUSINESS_TIME_ZONE, epochMs);

/** The dimension of a reseller's per-product rows. */
export const resellerProductDimension = (resellerId: string, productId: string) =>
  `${resellerId}/${productId}`;

/**
 * The analytics counters fed by domain events (docs/architecture.md, "Analytics"). Each counts
 * one business fact (`FACTS`) with insert-or-ignore in its delivery's transaction: a handler run
 * twice (a redelivery, a requeue), or a backfill over the same object, adds nothing the second
 * time. A fact's day is the São Paulo day of the change (the event's time, or the `at` it carries).
 */
export function createAnalyticsHandlers({ rollups }: AnalyticsHandlersDeps) {
  return [
    defineHandler({
      name: 'analytics.deposit-paid', // Stored with each delivery: never rename.
      on: 'deposit.paid',
      async handle(event, trx) {
        const { depositId, amountCents } = event.payload;
        await rollups.countFact(trx, FACTS.deposit(depositId), dayOf(event.occurredAt), [
          { metric: METRICS.depositsCents, value: amountCents },
          { metric: METRICS.depositsCount, value: 1 },
        ]);
      },
    }),
    defineHandler({
      name: 'analytics.deposit-refunded',
      on: 'deposit.refunded',
      async handle(event, trx) {
        // Its own series: the deposit stays counted on the day it was paid.
        const { depositId, amountCents } = event.payload;
        await rollups.countFact(trx, FACTS.refund(depositId), dayOf(event.occurredAt), [
          { metric: METRICS.refundsCents, value: amountCents },
        ]);
      },
    }),
    defineHandler({
      name: 'analytics.purchase-completed',
      on: 'purchase.completed',
      async handle(event, trx) {
        const { orderId, productId, amountCents } = event.payload;
        // Events from before orders existed have no order: the event is the only id there is.
        const fact = FACTS.order(orderId ?? `event:${event.id}`);
        await rollups.countFact(trx, fact, dayOf(event.occurredAt), [
          { metric: METRICS.salesCents, value: amountCents },
          { metric: METRICS.salesCount, value: 1 },
          { metric: METRICS.productSalesCents, dimension: productId, value: amountCents },
          { metric: METRICS.productSalesCount, dimension: productId, value: 1 },
        ]);
      },
    }),
    defineHandler({
      name: 'analytics.reseller-keys-purchased',
      on: 'reseller.keys_purchased',
      async handle(event, trx) {
        const { resellerId, productId, quantity, totalCents, at } = event.payload;
        const both = resellerProductDimension(resellerId, productId);
        await rollups.countFact(trx, FACTS.resellerKeys(resellerId, at, productId), dayOf(at), [
          { metric: METRICS.salesCents, value: totalCents },
          { metric: METRICS.salesCount, value: quantity },
          { metric: METRICS.productSalesCents, dimension: productId, value: totalCents },
          { metric: METRICS.productSalesCount, dimension: productId, value: quantity },
          { metric: METRICS.resellerKeysSold, dimension: resellerId, value: quantity },
          { metric: METRICS.resellerSpentCents, dimension: resellerId, value: totalCents },
          { metric: METRICS.resellerProductKeysSold, dimension: both, value: quantity },
          { metric: METRICS.resellerProductSpentCents, dimension: both, value: totalCents },
        ]);
      },
    }),
    defineHandler({
      name: 'analytics.user-registered',
      on: 'user.registered',
      async handle(event, trx) {
        const { userId, role, at } = event.payload;
        // Staff accounts are not sign-ups (the backfill leaves admins out too).
        if (role === 'admin') return;
        await rollups.countFact(trx, FACTS.signup(userId), dayOf(at), [
          { metric: METRICS.signups, value: 1 },
        ]);
      },
    }),
    defineHandler({
      name: 'analytics.key-redeemed',
      on: 'key.redeemed',
      async handle(event, trx) {
        const { keyId, productId, keyCreatedBy } = event.payload;
        // A reseller's key counts on its leaderboard; an admin's key is no reseller's sale.
        const reseller =
          keyCreatedBy !== null && (await rollups.roleOf(trx, keyCreatedBy)) === 'reseller'
            ? keyCreatedBy
            : null;
        await rollups.countFact(trx, FACTS.redemption(keyId), dayOf(event.occurredAt), [
          { metric: METRICS.redemptions, value: 1 },
          { metric: METRICS.productRedemptions, dimension: productId, value: 1 },
          ...(reseller === null
            ? []
            : [
                { metric: METRICS.resellerKeysRedeemed, dimension: reseller, value: 1 },
                {
                  metric: METRICS.resellerProductKeysRedeemed,
                  dimension: resellerProductDimension(reseller, productId),
                  value: 1,
                },
              ]),
        ]);
      },
    }),
    defineHandler({
      name: 'analytics.product-given-back',
      on: 'product.status_changed',
      async handle(event, trx) {
        // Only a change that ended a freeze gives time back; the others count nothing.
        const { productId, givenBackMs, since } = event.payload;
        if (givenBackMs <= 0) return;
        await rollups.countFact(trx, FACTS.givenBack(productId, since), dayOf(since), [
          { metric: METRICS.givenBackMs, value: givenBackMs },
          { metric: METRICS.productGivenBackMs, dimension: productId, value: givenBackMs },
        ]);
      },
    }),
  ];
}
