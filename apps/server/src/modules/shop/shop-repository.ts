import type { SubscriptionStatus } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface OwnedRow {
  product_id: string;
  status: SubscriptionStatus;
  expires_at: number | null;
  paused_remaining_ms: number | null;
}

/** What the shop reads: the active catalogue and which products the buyer already holds. */
export function createShopRepository(db: Kysely<Database>) {
  return {
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
