import type { KeyStatus, PlanDurationType, Role } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ProductPlanRow {
  name: string;
  status: 'active' | 'disabled';
  /** Null when the product has no plan of the asked duration. */
  price_cents: number | null;
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
        .select(['p.name', 'p.status', 'pl.price_cents'])
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
