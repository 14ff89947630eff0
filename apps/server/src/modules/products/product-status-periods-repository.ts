import type { ProductOperationalStatus } from '@chaveiro/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductStatusPeriodsTable } from '../../db/schema.js';
import { newId } from '../../platform/core/ids.js';

export type ProductStatusPeriodRow = Selectable<ProductStatusPeriodsTable>;

export interface NewStatusPeriod {
  productId: string;
  status: ProductOperationalStatus;
  note: string | null;
  freezeTime: boolean;
  startedAt: number;
  changedBy: { userId: string; username: string } | null;
  reason: string | null;
  /** Subscriptions whose clock the period's start froze. */
  subscriptionsAffected?: number;
}

/** Queries on `product_status_periods`: each product's status timeline, the current one open. */
export function createProductStatusPeriodsRepository(db: Kysely<Database>) {
  return {
    async open(period: NewStatusPeriod, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('product_status_periods')
        .values({
          id: newId(),
          product_id: period.productId,
          status: period.status,
          note: period.note,
          freeze_time: period.freezeTime ? 1 : 0,
          started_at: period.startedAt,
          ended_at: null,
          changed_by: period.changedBy?.userId ?? null,
          changed_by_name: period.changedBy?.username ?? null,
          reason: period.reason,
          subscriptions_affected: period.subscriptionsAffected ?? 0,
        })
        .execute();
    },

    /**
     * Ends the product's open period at `now`; when it ended a freeze, with the subscriptions
     * that freeze gave time back to and how much.
     */
    async closeCurrent(
      productId: string,
      now: number,
      outcome: { subscriptionsAffected: number; givenBackMs: number } | null,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('product_status_periods')
        .set({
          ended_at: now,
          ...(outcome && {
            subscriptions_affected: outcome.subscriptionsAffected,
            given_back_ms: outcome.givenBackMs,
          }),
        })
        .where('product_id', '=', productId)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** A new note (and why) on the open period, the status unchanged. */
    async renoteCurrent(
      productId: string,
      note: string | null,
      reason: string | null,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('product_status_periods')
        .set({ note, reason })
        .where('product_id', '=', productId)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** The product's timeline, newest first. */
    history(productId: string, limit: number): Promise<ProductStatusPeriodRow[]> {
      return db
        .selectFrom('product_status_periods')
        .selectAll()
        .where('product_id', '=', productId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type ProductStatusPeriodsRepository = ReturnType<
  typeof createProductStatusPeriodsRepository
>;
