import type {
  KeyStatus,
  PlanDurationType,
  ProductOperationalStatus,
  Role,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ProductPlanRow {
  name: string;
  status: 'active' | 'disabled';
  /** Whether it can be bought while down (`assertPurchasable`). */
  operational_status: ProductOperationalStatus;
  status_note: string | null;
  sell_while_down: number;
  /** Null when the product has no plan of the asked duration. */
  price_cents: number | null;
  /** The plan's own reseller price; null: retail less the global discount. */
  reseller_price_cents: number | null;
}

/** Sums over the keys a reseller bought with recorded prices, in cents. */
export interface MarginTotals {
  spent: number;
  retail: number;
  /** Retail less paid, over the keys already redeemed. */
  realised: number;
}

export interface RedemptionNoticeRow {
  key: string;
  product_name: string;
  created_by: string | null;
  creator_role: Role | null;
  redeemer: string | null;
}

/** The reseller dashboard's reads: what can be bought, the balance, counts and spending. */
export function createResellerRepository(db: Kysely<Database>) {
  return {
    /** The product with the price of its `durationType` plan, if the product exists. */
    findProductPlan(
      productId: string,
      durationType: PlanDurationType,
      executor: Kysely<Database> = db,
    ): Promise<ProductPlanRow | undefined> {
      return executor
        .selectFrom('products as p')
        .leftJoin('plans as pl', (join) =>
          join.onRef('pl.product_id', '=', 'p.id').on('pl.duration_type', '=', durationType),
        )
        .select([
          'p.name',
          'p.status',
          'p.operational_status',
          'p.status_note',
          'p.sell_while_down',
          'pl.price_cents',
          'pl.reseller_price_cents',
        ])
        .where('p.id', '=', productId)
        .executeTakeFirst();
    },

    async balanceCents(userId: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select('balance_cents')
        .where('id', '=', userId)
        .executeTakeFirst();
      return Number(row?.balance_cents ?? 0);
    },

    /** How many of the keys `userId` created are in each status. */
    async keyCounts(userId: string): Promise<Partial<Record<KeyStatus, number>>> {
      const rows = await db
        .selectFrom('license_keys')
        .select((eb) => ['status', eb.fn.countAll<number>().as('total')])
        .where('created_by', '=', userId)
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.total)]));
    },

    /**
     * Cents the user spent since `since`: the debits the user caused (purchases), not an admin's
     * removals.
     */
    async spentSince(userId: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('balance_ledger')
        .select((eb) => eb.fn.sum<number | null>('amount_cents').as('total'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('amount_cents', '<', 0)
        .where((eb) => eb.or([eb('actor_id', 'is', null), eb('actor_id', '=', userId)]))
        .executeTakeFirstOrThrow();
      return -Number(row.total ?? 0);
    },

    /**
     * What the keys `userId` bought cost and were worth at retail when bought (the prices
     * stored on each key), and the margin over those already redeemed. Keys without recorded
     * prices (bought before 2026112703) are left out.
     */
    async marginTotals(userId: string): Promise<MarginTotals> {
      const row = await db
        .selectFrom('license_keys')
        .select((eb) => [
          eb.fn.sum<number | string | null>('price_cents').as('spent'),
          eb.fn.sum<number | string | null>('retail_price_cents').as('retail'),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when('redeemed_at', 'is not', null)
                .then(eb('retail_price_cents', '-', eb.ref('price_cents')))
                .else(0)
                .end(),
            )
            .as('realised'),
        ])
        .where('created_by', '=', userId)
        .where('price_cents', 'is not', null)
        .where('retail_price_cents', 'is not', null)
        .executeTakeFirstOrThrow();
      return {
        spent: Number(row.spent ?? 0),
        retail: Number(row.retail ?? 0),
        realised: Number(row.realised ?? 0),
      };
    },

    /** What a redemption notice names: the key, its product, its creator and its redeemer. */
    redemptionNotice(
      keyId: string,
      executor: Kysely<Database> = db,
    ): Promise<RedemptionNoticeRow | undefined> {
      return executor
        .selectFrom('license_keys as k')
        .innerJoin('products as p', 'p.id', 'k.product_id')
        .leftJoin('users as c', 'c.id', 'k.created_by')
        .leftJoin('users as r', 'r.id', 'k.redeemed_by')
        .select([
          'k.key',
          'p.name as product_name',
          'k.created_by',
          'c.role as creator_role',
          'r.username as redeemer',
        ])
        .where('k.id', '=', keyId)
        .executeTakeFirst();
    },
  };
}

export type ResellerRepository = ReturnType<typeof createResellerRepository>;
