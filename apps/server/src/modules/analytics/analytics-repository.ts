import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';
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

/**
 * `analytics_daily` for reads of named dimensions (a reseller's rows), which must take the
 * primary key (metric, dimension, day). SQLite's statistics come from `pragma optimize`, bounded
 * by analysis_limit, so they sample the first metrics only (one dimension each) and make the
 * covering (metric, day, …) index look as selective: the planner then walks every reseller's
 * rows of the range (27 ms instead of 1 ms for one reseller at bench scale). SQLite is told the
 * index; PostgreSQL plans from real statistics.
 */
const byPrimaryKey = (dialect: SqlDialect) =>
  dialect === 'sqlite'
    ? sql`analytics_daily indexed by sqlite_autoindex_analytics_daily_1`
    : sql`analytics_daily`;

/** PostgreSQL answers bigint sums as strings. */
export const toNumber = (value: number | string | bigint | null) => Number(value ?? 0);

/**
 * The analytics reads: rollup rows by primary-key or index ranges, never the source tables,
 * except the customer's usage (through their subscriptions). The expiring list has its own
 * (analytics-expiring-reads.ts).
 */
export function createAnalyticsRepository(db: Kysely<Database>, dialect: SqlDialect) {
  const primaryKeyTable = byPrimaryKey(dialect);

  return {
    /**
     * Daily values of `metrics` for one dimension in [from, to]: one primary-key range
     * (metric, dimension, day) per metric (`byPrimaryKey`).
     */
    async daily(
      metrics: readonly Metric[],
      dimension: string,
      from: string,
      to: string,
    ): Promise<DailyValue[]> {
      const { rows } = await sql<DailyValue>`
        select metric, dimension, day, value from ${primaryKeyTable}
        where metric in (${sql.join(metrics)}) and dimension = ${dimension}
          and day >= ${from} and day <= ${to}`.execute(db);
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
     * (metric, dimension, day) (`byPrimaryKey`).
     */
    async totalsOf(
      metrics: readonly Metric[],
      dimensions: readonly string[],
      from: string,
      to: string,
    ): Promise<DimensionTotal[]> {
      if (dimensions.length === 0) return [];
      const { rows } = await sql<DimensionTotal>`
        select metric, dimension, sum(value) as value from ${primaryKeyTable}
        where metric in (${sql.join(metrics)}) and dimension in (${sql.join(dimensions)})
          and day >= ${from} and day <= ${to}
        group by metric, dimension`.execute(db);
      return rows.map((row) => ({ ...row, value: toNumber(row.value) }));
    },

    /** Dimensions (product ids) with any of `metrics` in [from, to]: the covering index. */
    async dimensionsWith(metrics: readonly Metric[], from: string, to: string): Promise<string[]> {
      const rows = await db
        .selectFrom('analytics_daily')
        .select('dimension')
        .distinct()
        .where('metric', 'in', metrics)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      return rows.map((row) => row.dimension);
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
  METRICS.givenBackMs,
];

/** The four spec cards' gauges (the baseline is their value at the end of a day). */
export const CARD_METRICS: readonly Metric[] = [
  METRICS.onlineUsers,
  METRICS.activeUsers,
  METRICS.bannedUsers,
  METRICS.expiredSubscriptions,
];
