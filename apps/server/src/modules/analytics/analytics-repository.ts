import type { PlanDurationType } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Metric } from './analytics-metrics.js';
import { METRICS } from './analytics-metrics.js';

/** One rollup value: a metric of a dimension on a São Paulo day (YYYY-MM-DD). */
export interface DailyValue {
  metric: string;
  dimension: string;
  day: string;
  value: number;
}

/** A metric summed over a range, per dimension. */
export interface DimensionTotal {
  metric: string;
  dimension: string;
  value: number;
}

export interface ExpiringRow {
  id: string;
  user_id: string;
  product_id: string;
  expires_at: number;
  /** Days of the latest completed order for this product, if any. */
  order_days: number | null;
  /** Days of the latest key the owner redeemed for this product, if any. */
  key_days: number | null;
}

export interface PlanPriceRow {
  product_id: string;
  duration_type: PlanDurationType;
  price_cents: number;
}

/** PostgreSQL answers bigint sums as strings. */
const toNumber = (value: number | string | bigint | null) => Number(value ?? 0);

/**
 * The analytics reads (issue #23): rollup rows by primary-key or index ranges, never the source
 * tables, except the expiring list (running subscriptions by the (status, expires_at) index).
 */
export function createAnalyticsRepository(db: Kysely<Database>) {
  return {
    /**
     * Daily values of `metrics` for one dimension in [from, to]: one primary-key range
     * (metric, dimension, day) per metric.
     */
    async daily(
      metrics: readonly Metric[],
      dimension: string,
      from: string,
      to: string,
    ): Promise<DailyValue[]> {
      const rows = await db
        .selectFrom('analytics_daily')
        .select(['metric', 'dimension', 'day', 'value'])
        .where('metric', 'in', metrics)
        .where('dimension', '=', dimension)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      return rows.map((row) => ({ ...row, value: toNumber(row.value) }));
    },

    /**
     * `metrics` summed over [from, to] for every dimension that has them: the covering
     * (metric, day, dimension, value) index, one range per metric.
     */
    async totalsByDimension(
      metrics: readonly Metric[],
      from: string,
      to: string,
    ): Promise<DimensionTotal[]> {
      const rows = await db
        .selectFrom('analytics_daily')
        .select((eb) => ['metric', 'dimension', eb.fn.sum<number | string>('value').as('value')])
        .where('metric', 'in', metrics)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['metric', 'dimension'])
        .execute();
      return rows.map((row) => ({ ...row, value: toNumber(row.value) }));
    },

    /** The `limit` dimensions with the highest sum of `metric` over [from, to] (ties by id). */
    async top(metric: Metric, from: string, to: string, limit: number): Promise<DimensionTotal[]> {
      const rows = await db
        .selectFrom('analytics_daily')
        .select((eb) => ['metric', 'dimension', eb.fn.sum<number | string>('value').as('value')])
        .where('metric', '=', metric)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['metric', 'dimension'])
        .having((eb) => eb.fn.sum('value'), '>', 0)
        .orderBy('value', 'desc')
        .orderBy('dimension')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, value: toNumber(row.value) }));
    },

    /**
     * `metrics` summed over [from, to] for the given dimensions only: primary-key ranges
     * (metric, dimension, day).
     */
    async totalsOf(
      metrics: readonly Metric[],
      dimensions: readonly string[],
      from: string,
      to: string,
    ): Promise<DimensionTotal[]> {
      if (dimensions.length === 0) return [];
      const rows = await db
        .selectFrom('analytics_daily')
        .select((eb) => ['metric', 'dimension', eb.fn.sum<number | string>('value').as('value')])
        .where('metric', 'in', metrics)
        .where('dimension', 'in', dimensions)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['metric', 'dimension'])
        .execute();
      return rows.map((row) => ({ ...row, value: toNumber(row.value) }));
    },

    /** Current product names by id (deleted products are missing). */
    productNames(ids: readonly string[]): Promise<{ id: string; name: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute();
    },

    /** Usernames by id (deleted accounts are missing). */
    usernames(ids: readonly string[]): Promise<{ id: string; username: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
    },

    /**
     * 'Usuários Online' minute samples in [since, until), as the highest of each `bucketMs`
     * bucket (bucket start, epoch ms), oldest first.
     */
    async onlineBuckets(
      since: number,
      until: number,
      bucketMs: number,
    ): Promise<{ at: number; users: number }[]> {
      // A literal, not a parameter: PostgreSQL matches the grouped expression textually.
      const bucket = sql<number | string>`minute - (minute % ${sql.lit(Math.trunc(bucketMs))})`;
      const rows = await db
        .selectFrom('analytics_online_minutes')
        .select((eb) => [bucket.as('at'), eb.fn.max('users').as('users')])
        .where('minute', '>=', since)
        .where('minute', '<', until)
        .groupBy(bucket)
        .orderBy(bucket)
        .execute();
      return rows.map((row) => ({ at: toNumber(row.at), users: toNumber(row.users) }));
    },

    /**
     * Running subscriptions expiring in (now, until], soonest first (the (status, expires_at)
     * index), each with the length of its last term: the latest completed order of its owner for
     * its product (orders (user_id, product_id, created_at)) and the latest key the owner
     * redeemed for it (license_keys (redeemed_by)).
     */
    async expiring(now: number, until: number): Promise<ExpiringRow[]> {
      const rows = await db
        .selectFrom('subscriptions as s')
        .select((eb) => [
          's.id',
          's.user_id',
          's.product_id',
          's.expires_at',
          eb
            .selectFrom('orders as o')
            .select('o.days')
            .whereRef('o.user_id', '=', 's.user_id')
            .whereRef('o.product_id', '=', 's.product_id')
            .where('o.status', '=', 'completed')
            .orderBy('o.created_at', 'desc')
            .limit(1)
            .as('order_days'),
          eb
            .selectFrom('license_keys as k')
            .select('k.duration_days')
            .whereRef('k.redeemed_by', '=', 's.user_id')
            .whereRef('k.product_id', '=', 's.product_id')
            .orderBy('k.redeemed_at', 'desc')
            .limit(1)
            .as('key_days'),
        ])
        .where('s.status', '=', 'active')
        .where('s.expires_at', '>', now)
        .where('s.expires_at', '<=', until)
        .orderBy('s.expires_at')
        .orderBy('s.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        user_id: row.user_id,
        product_id: row.product_id,
        expires_at: toNumber(row.expires_at),
        order_days: row.order_days === null ? null : toNumber(row.order_days),
        key_days: row.key_days === null ? null : toNumber(row.key_days),
      }));
    },

    /**
     * Minutes each of a user's subscriptions was online per day in [from, to]: the user's
     * subscriptions (user_id index), then a primary-key range (subscription_id, day) of each.
     */
    async usage(
      userId: string,
      from: string,
      to: string,
    ): Promise<{ subscription_id: string; day: string; minutes: number }[]> {
      const rows = await db
        .selectFrom('analytics_usage_daily as u')
        .innerJoin('subscriptions as s', 's.id', 'u.subscription_id')
        .select(['u.subscription_id', 'u.day', 'u.minutes'])
        .where('s.user_id', '=', userId)
        .where('u.day', '>=', from)
        .where('u.day', '<=', to)
        .execute();
      return rows.map((row) => ({ ...row, minutes: toNumber(row.minutes) }));
    },

    /** Every plan of the given products. */
    async plans(productIds: readonly string[]): Promise<PlanPriceRow[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom('plans')
        .select(['product_id', 'duration_type', 'price_cents'])
        .where('product_id', 'in', productIds)
        .execute();
      return rows.map((row) => ({ ...row, price_cents: toNumber(row.price_cents) }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

/** The metrics of the admin's daily series, all on the whole platform (dimension ''). */
export const GLOBAL_METRICS: readonly Metric[] = [
  METRICS.depositsCents,
  METRICS.depositsCount,
  METRICS.refundsCents,
  METRICS.salesCents,
  METRICS.salesCount,
  METRICS.signups,
  METRICS.redemptions,
  METRICS.activeSubscriptions,
  METRICS.onlinePeak,
  METRICS.onlineSum,
  METRICS.onlineSamples,
  METRICS.onlineUsers,
  METRICS.activeUsers,
  METRICS.bannedUsers,
  METRICS.expiredSubscriptions,
];
