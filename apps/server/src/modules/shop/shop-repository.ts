import type { PlanDurationType, SubscriptionStatus } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface OfferRow {
  id: string;
  name: string;
  description: string;
  plans: { duration_type: PlanDurationType; price_cents: number }[];
}

export interface OwnedRow {
  product_id: string;
  status: SubscriptionStatus;
  expires_at: number | null;
  paused_remaining_ms: number | null;
}

/** What the shop reads: the active catalogue and which products the buyer already holds. */
export function createShopRepository(db: Kysely<Database>) {
  return {
    /** Active products that have at least one plan, alphabetical, at most `limit`. */
    async activeOffers(limit: number): Promise<OfferRow[]> {
      const products = await db
        .selectFrom('products')
        .select(['id', 'name', 'description'])
        .where('status', '=', 'active')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('plans')
              .select('plans.id')
              .whereRef('plans.product_id', '=', 'products.id'),
          ),
        )
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute();
      if (products.length === 0) return [];
      const plans = await db
        .selectFrom('plans')
        .select(['product_id', 'duration_type', 'price_cents'])
        .where(
          'product_id',
          'in',
          products.map((product) => product.id),
        )
        .execute();
      return products.map((product) => ({
        ...product,
        plans: plans
          .filter((plan) => plan.product_id === product.id)
          .map((plan) => ({
            duration_type: plan.duration_type,
            price_cents: Number(plan.price_cents),
          })),
      }));
    },

    /** The buyer's subscriptions, one per product at most. */
    owned(userId: string): Promise<OwnedRow[]> {
      return db
        .selectFrom('subscriptions')
        .select(['product_id', 'status', 'expires_at', 'paused_remaining_ms'])
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type ShopRepository = ReturnType<typeof createShopRepository>;
