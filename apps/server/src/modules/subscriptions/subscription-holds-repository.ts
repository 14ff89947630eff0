import { timeFreezes } from '@chaveiro/contract';
import type { Expression, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';

/**
 * Told of each write that changes which subscriptions run until when (a status, an expiry, a
 * row added or removed), with the executor it ran on; acts once that commits.
 */
export type Changed = (executor: Kysely<Database>) => void;

/**
 * Who holds a clock when another holder lets go: the product's freeze, then "pause all users",
 * else nobody (it runs). A subscription has one holder at a time; the one that came first keeps
 * it, and when it lets go the next one still in force takes over, so holds stack without any of
 * them undoing another.
 */
export type NextHolder = 'product' | 'global' | null;

/** The hold switches in force for one product, read locked (they take turns with their changes). */
export interface HoldSwitches {
  pauseAll: boolean;
  productFrozen: boolean;
}

export function nextHolder({ pauseAll, productFrozen }: HoldSwitches): NextHolder {
  if (productFrozen) return 'product';
  return pauseAll ? 'global' : null;
}

/** SQL: the product of the row being updated is frozen now (the contract's `timeFreezes`). */
function productFrozenSql(): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from products where products.id = subscriptions.product_id and products.operational_status <> 'operational' and products.freeze_time = 1)`;
}

/**
 * The time the product's freeze gave back to a row leaving its hold at `now` (while the row is
 * still held by the product; the SET of one UPDATE reads the row as it was).
 */
export function givenBackColumns(now: number) {
  return {
    given_back_ms: sql<number>`case when paused_by = 'product' then given_back_ms + (${now} - coalesce(product_frozen_since, ${now})) else given_back_ms end`,
    given_back_at: sql<
      number | null
    >`case when paused_by = 'product' then ${now} else given_back_at end`,
    product_frozen_since: null,
  };
}

/**
 * A stopped clock whose holder let go at `now`: the next holder takes it over (still stopped),
 * or it runs again with its frozen remainder from now. Credits the product's freeze when the
 * row was held by it.
 */
export function liftedColumns(now: number, next: NextHolder) {
  if (next === null) {
    return {
      ...givenBackColumns(now),
      status: 'active' as const,
      expires_at: sql<number>`${now} + coalesce(paused_remaining_ms, 0)`,
      paused_remaining_ms: null,
      paused_by: null,
      updated_at: now,
    };
  }
  return {
    ...givenBackColumns(now),
    status: 'paused' as const,
    paused_by: next,
    product_frozen_since: next === 'product' ? now : null,
    updated_at: now,
  };
}

/**
 * A clock taken by its owner's or an administrator's pause at `now`: a running one stops, one
 * its product's freeze held keeps its remainder and is credited the time the freeze held it.
 */
export function takenOverColumns(now: number, holder: 'user' | 'admin') {
  return {
    ...givenBackColumns(now),
    status: 'paused' as const,
    paused_remaining_ms: sql<number>`case when status = 'active' then expires_at - ${now} else paused_remaining_ms end`,
    expires_at: null,
    paused_by: holder,
    updated_at: now,
  };
}

/** A running clock stopped at `now` by `holder`. */
export function heldColumns(now: number, holder: 'product' | 'global' | 'admin' | 'user') {
  return {
    status: 'paused' as const,
    paused_remaining_ms: sql<number>`expires_at - ${now}`,
    expires_at: null,
    paused_by: holder,
    product_frozen_since: holder === 'product' ? now : null,
    updated_at: now,
  };
}

/**
 * Set-based statements of the holds that cover many subscriptions at once (a product's freeze,
 * "pause all users"): one statement per change, whatever the number of subscriptions.
 */
export function createSubscriptionHoldsRepository(
  db: Kysely<Database>,
  dialect: SqlDialect,
  changed: Changed,
) {
  return {
    /**
     * Whether the product is frozen now, read FOR SHARE on PostgreSQL: a grant or a resume and a
     * change of the product's status take turns (the change locks the row FOR UPDATE).
     */
    async productFrozen(productId: string, executor: Kysely<Database> = db): Promise<boolean> {
      let query = executor
        .selectFrom('products')
        .select(['operational_status', 'freeze_time'])
        .where('id', '=', productId);
      if (dialect === 'postgres') query = query.forShare();
      const row = await query.executeTakeFirst();
      return (
        row !== undefined &&
        timeFreezes({ status: row.operational_status, freezeTime: row.freeze_time })
      );
    },

    /**
     * A freeze of the product begins: every running, unexpired subscription of it stops (held by
     * the product from `now`); the time given back by its previous freeze is forgotten. Paused
     * ones keep their holder. Answers how many it stopped.
     */
    async freezeProduct(
      productId: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<number> {
      await executor
        .updateTable('subscriptions')
        .set({ given_back_ms: 0, given_back_at: null })
        .where('product_id', '=', productId)
        .where((eb) => eb.or([eb('given_back_ms', '<>', 0), eb('given_back_at', 'is not', null)]))
        .execute();
      const result = await executor
        .updateTable('subscriptions')
        .set(heldColumns(now, 'product'))
        .where('product_id', '=', productId)
        .where('status', '=', 'active')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      changed(executor);
      return Number(result.numUpdatedRows);
    },

    /**
     * The product's freeze ends: every subscription it holds gets back the time since it took
     * it and passes to `next` ("pause all users" when it is on) or runs again. Answers how
     * many subscriptions this freeze gave time back to and how much in all (those it let go
     * now, and those whose owner or an administrator took them over during it).
     */
    async releaseProduct(
      productId: string,
      now: number,
      next: 'global' | null,
      executor: Kysely<Database> = db,
    ): Promise<{ count: number; givenBackMs: number }> {
      await executor
        .updateTable('subscriptions')
        .set(liftedColumns(now, next))
        .where('product_id', '=', productId)
        .where('paused_by', '=', 'product')
        .execute();
      changed(executor);
      const totals = await executor
        .selectFrom('subscriptions')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number | string>('given_back_ms'), sql<number>`0`).as('ms'),
        ])
        .where('product_id', '=', productId)
        .where('given_back_ms', '>', 0)
        .executeTakeFirstOrThrow();
      return { count: Number(totals.count), givenBackMs: Number(totals.ms) };
    },

    /**
     * "Pause all users" lifted: every subscription it holds passes to its product's freeze when
     * that is in force, or runs again. Answers those that run again.
     */
    async releaseGlobal(
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<{ id: string; user_id: string }[]> {
      const frozen = productFrozenSql();
      const rows = await executor
        .updateTable('subscriptions')
        .set({
          status: sql`case when ${frozen} then 'paused' else 'active' end`,
          expires_at: sql`case when ${frozen} then null else cast(${now} as bigint) + coalesce(paused_remaining_ms, 0) end`,
          paused_remaining_ms: sql`case when ${frozen} then paused_remaining_ms else null end`,
          paused_by: sql`case when ${frozen} then 'product' else null end`,
          product_frozen_since: sql`case when ${frozen} then cast(${now} as bigint) else null end`,
          updated_at: now,
        })
        .where('paused_by', '=', 'global')
        .returning(['id', 'user_id', 'status'])
        .execute();
      changed(executor);
      return rows
        .filter((row) => row.status === 'active')
        .map(({ id, user_id }) => ({ id, user_id }));
    },
  };
}

export type SubscriptionHoldsRepository = ReturnType<typeof createSubscriptionHoldsRepository>;
