import type { PlanDurationType } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewDelivery {
  id: string;
  ownerId: string;
  orderId: string;
  productId: string;
  plan: PlanDurationType;
  quantity: number;
  customerEmail: string | null;
  createdAt: number;
}

/** Queries on `storefront_deliveries` and the keys each delivered. */
export function createSellerApiRepository(db: Kysely<Database>) {
  return {
    /**
     * Claims the (owner, order id) pair for this delivery; false when a delivery of that order
     * exists. On PostgreSQL a concurrent claim of the same pair waits for the first transaction
     * and then finds its row; on SQLite write transactions already take turns.
     */
    async claim(delivery: NewDelivery, executor: Kysely<Database> = db): Promise<boolean> {
      const row = await executor
        .insertInto('storefront_deliveries')
        .values({
          id: delivery.id,
          owner_id: delivery.ownerId,
          order_id: delivery.orderId,
          product_id: delivery.productId,
          plan: delivery.plan,
          quantity: delivery.quantity,
          customer_email: delivery.customerEmail,
          created_at: delivery.createdAt,
        })
        .onConflict((oc) => oc.columns(['owner_id', 'order_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async linkKeys(
      deliveryId: string,
      keys: readonly string[],
      executor: Kysely<Database> = db,
    ): Promise<void> {
      if (keys.length === 0) return;
      await executor
        .insertInto('storefront_delivery_keys')
        .values(keys.map((key, position) => ({ delivery_id: deliveryId, position, key })))
        .execute();
    },

    /** The owner's delivery of `orderId` with its keys in the order first answered. */
    async find(ownerId: string, orderId: string, executor: Kysely<Database> = db) {
      const delivery = await executor
        .selectFrom('storefront_deliveries')
        .select(['id', 'order_id', 'product_id', 'plan', 'quantity', 'created_at'])
        .where('owner_id', '=', ownerId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      if (!delivery) return undefined;
      const keys = await executor
        .selectFrom('storefront_delivery_keys')
        .select('key')
        .where('delivery_id', '=', delivery.id)
        .orderBy('position')
        .execute();
      return { ...delivery, keys: keys.map((row) => row.key) };
    },
  };
}

export type SellerApiRepository = ReturnType<typeof createSellerApiRepository>;
