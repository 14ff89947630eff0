import type { ProductOperationalStatus } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A product on sale as the status page shows it. */
export interface StatusPageProductRow {
  id: string;
  name: string;
  operational_status: ProductOperationalStatus;
  status_note: string | null;
  status_since: number;
  created_at: number;
}

/** A stretch of a product's timeline when it was not operational; `ended_at` null: still on. */
export interface StatusPageOutageRow {
  product_id: string;
  status: ProductOperationalStatus;
  started_at: number;
  ended_at: number | null;
}

/**
 * Reads of `products` and `product_status_periods` for the public status page. Both tables are
 * the products module's; this module never writes them.
 */
export function createStatusPageRepository(db: Kysely<Database>) {
  return {
    /** Every product with sale status `active`, by name. */
    productsOnSale(): Promise<StatusPageProductRow[]> {
      return db
        .selectFrom('products')
        .select(['id', 'name', 'operational_status', 'status_note', 'status_since', 'created_at'])
        .where('status', '=', 'active')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /**
     * The periods of products on sale that were not operational and overlap [from, to): only
     * those colour a day; every other moment of a product's life was operational.
     */
    outagesBetween(from: number, to: number): Promise<StatusPageOutageRow[]> {
      return db
        .selectFrom('product_status_periods as period')
        .innerJoin('products', 'products.id', 'period.product_id')
        .select(['period.product_id', 'period.status', 'period.started_at', 'period.ended_at'])
        .where('products.status', '=', 'active')
        .where('period.status', '!=', 'operational')
        .where('period.started_at', '<', to)
        .where((eb) => eb.or([eb('period.ended_at', 'is', null), eb('period.ended_at', '>', from)]))
        .execute();
    },
  };
}

export type StatusPageRepository = ReturnType<typeof createStatusPageRepository>;
