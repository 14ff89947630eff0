import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OffsetSegment } from '../../platform/core/calendar.js';
import type { SqlDialect } from '../../platform/db/database.js';
import type { Metric } from './analytics-metrics.js';
import { METRICS } from './analytics-metrics.js';

/**
 * The backfill's SQL (analytics-backfill.ts runs it): set-based, one chunk of a source table per
 * transaction. A chunk's uncounted facts go into a temporary table (fact id, São Paulo day,
 * product, reseller, quantity, cents); from there their ids go into `analytics_facts` and their
 * sums, grouped by day and dimension, into `analytics_daily` — the same insert-or-ignore
 * contract as the handlers, so either may run first, and any number of times.
 */

/** The kinds of business facts the backfill reads, each from its source table. */
export type BackfillSource =
  'deposits' | 'refunds' | 'orders' | 'resellerKeys' | 'signups' | 'redemptions';

/** How a temporary row adds to one metric: which dimension, which value. */
interface Aggregate {
  metric: Metric;
  dimension: 'none' | 'product' | 'reseller' | 'resellerProduct';
  value: 'one' | 'qty' | 'cents';
}

/** What each source adds per fact: the same additions as its handler (analytics-handlers.ts). */
const AGGREGATES: Record<BackfillSource, Aggregate[]> = {
  deposits: [
    { metric: METRICS.depositsCents, dimension: 'none', value: 'cents' },
    { metric: METRICS.depositsCount, dimension: 'none', value: 'one' },
  ],
  refunds: [{ metric: METRICS.refundsCents, dimension: 'none', value: 'cents' }],
  orders: [
    { metric: METRICS.salesCents, dimension: 'none', value: 'cents' },
    { metric: METRICS.salesCount, dimension: 'none', value: 'one' },
    { metric: METRICS.productSalesCents, dimension: 'product', value: 'cents' },
    { metric: METRICS.productSalesCount, dimension: 'product', value: 'one' },
  ],
  resellerKeys: [
    { metric: METRICS.salesCents, dimension: 'none', value: 'cents' },
    { metric: METRICS.salesCount, dimension: 'none', value: 'qty' },
    { metric: METRICS.productSalesCents, dimension: 'product', value: 'cents' },
    { metric: METRICS.productSalesCount, dimension: 'product', value: 'qty' },
    { metric: METRICS.resellerKeysSold, dimension: 'reseller', value: 'qty' },
    { metric: METRICS.resellerSpentCents, dimension: 'reseller', value: 'cents' },
    { metric: METRICS.resellerProductKeysSold, dimension: 'resellerProduct', value: 'qty' },
    { metric: METRICS.resellerProductSpentCents, dimension: 'resellerProduct', value: 'cents' },
  ],
  signups: [{ metric: METRICS.signups, dimension: 'none', value: 'one' }],
  redemptions: [
    { metric: METRICS.redemptions, dimension: 'none', value: 'one' },
    { metric: METRICS.productRedemptions, dimension: 'product', value: 'one' },
    { metric: METRICS.resellerKeysRedeemed, dimension: 'reseller', value: 'one' },
    { metric: METRICS.resellerProductKeysRedeemed, dimension: 'resellerProduct', value: 'one' },
  ],
};

const TEMP_TABLE = sql.table('analytics_backfill_facts');

/** A chunk of a source: ids after `after` up to `upTo` (included; null: to the end). */
export interface IdChunk {
  after: string | null;
  upTo: string | null;
}

/** A window of keys' `created_at`: [from, to). */
export interface TimeChunk {
  from: number;
  to: number;
}

export function createAnalyticsBackfillRepository(db: Kysely<Database>, dialect: SqlDialect) {
  /**
   * The local day (YYYY-MM-DD) of an epoch-ms expression: plain arithmetic per stretch of one
   * UTC offset (one stretch for São Paulo since 2019), so it runs in the database, not in JS.
   */
  function dayOf(epochMs: RawBuilder<unknown>, segments: OffsetSegment[]): RawBuilder<string> {
    const oneOffset = (offsetMs: number) =>
      dialect === 'sqlite'
        ? sql<string>`strftime('%Y-%m-%d', (${epochMs} + ${sql.lit(offsetMs)}) / 1000, 'unixepoch')`
        : sql<string>`to_char(to_timestamp((${epochMs} + ${sql.lit(offsetMs)}) / 1000) at time zone 'UTC', 'YYYY-MM-DD')`;
    const last = segments[segments.length - 1];
    if (!last) throw new Error('no UTC offset segments');
    if (segments.length === 1) return oneOffset(last.offsetMs);
    const branches = segments
      .slice(0, -1)
      .map(
        (segment) =>
          sql`when ${epochMs} < ${sql.lit(segment.until ?? 0)} then ${oneOffset(segment.offsetMs)}`,
      );
    return sql<string>`case ${sql.join(branches, sql` `)} else ${oneOffset(last.offsetMs)} end`;
  }

  /** `column > after and column <= upTo`, each bound only when given. */
  function idRange(column: RawBuilder<unknown>, chunk: IdChunk): RawBuilder<unknown> {
    const after = chunk.after === null ? sql`true` : sql`${column} > ${chunk.after}`;
    const upTo = chunk.upTo === null ? sql`true` : sql`${column} <= ${chunk.upTo}`;
    return sql`${after} and ${upTo}`;
  }

  /** The SELECT filling the temporary table with one chunk's facts not counted yet. */
  function selectUncounted(
    source: BackfillSource,
    chunk: IdChunk | TimeChunk,
    segments: OffsetSegment[],
  ): RawBuilder<unknown> {
    const uncounted = (fact: RawBuilder<unknown>) =>
      sql`not exists (select 1 from analytics_facts f where f.id = ${fact})`;
    const ids = chunk as IdChunk;
    switch (source) {
      case 'deposits': {
        // Manual deposits approved before Mercado Pago payments have no paid_at: their
        // decision is the payment.
        const paidAt = sql`coalesce(d.paid_at, d.decided_at, d.created_at)`;
        const fact = sql`'deposit:' || d.id`;
        return sql`select ${fact}, ${dayOf(paidAt, segments)}, null, null, 1, d.amount_cents
          from deposits d
          where (d.paid_at is not null or d.status = 'approved')
            and ${idRange(sql`d.id`, ids)} and ${uncounted(fact)}`;
      }
      case 'refunds': {
        // Refunded after a credit (a charge refunded while pending was never paid).
        const fact = sql`'refund:' || d.id`;
        return sql`select ${fact}, ${dayOf(sql`d.refunded_at`, segments)}, null, null, 1, d.amount_cents
          from deposits d
          where d.refunded_at is not null and d.paid_at is not null
            and ${idRange(sql`d.id`, ids)} and ${uncounted(fact)}`;
      }
      case 'orders': {
        const fact = sql`'order:' || o.id`;
        return sql`select ${fact}, ${dayOf(sql`o.completed_at`, segments)}, o.product_id, null, 1, o.price_cents
          from orders o
          where o.status = 'completed' and o.completed_at is not null
            and ${idRange(sql`o.id`, ids)} and ${uncounted(fact)}`;
      }
      case 'signups': {
        // Staff accounts are not sign-ups (the handler skips them too).
        const fact = sql`'user:' || u.id`;
        return sql`select ${fact}, ${dayOf(sql`u.created_at`, segments)}, null, null, 1, 0
          from users u
          where u.role <> 'admin' and ${idRange(sql`u.id`, ids)} and ${uncounted(fact)}`;
      }
      case 'redemptions': {
        // Per reseller only for a reseller's key: an admin's key is no reseller's sale.
        const fact = sql`'redemption:' || k.id`;
        return sql`select ${fact}, ${dayOf(sql`k.redeemed_at`, segments)}, k.product_id,
            case when u.role = 'reseller' then k.created_by end, 1, 0
          from license_keys k
          left join users u on u.id = k.created_by
          where k.redeemed_at is not null
            and ${idRange(sql`k.id`, ids)} and ${uncounted(fact)}`;
      }
      case 'resellerKeys': {
        // One purchase = the keys one reseller bought of one product at one instant.
        const { from, to } = chunk as TimeChunk;
        const fact = sql`'keys:' || k.created_by || ':' || k.created_at || ':' || k.product_id`;
        return sql`select ${fact}, ${dayOf(sql`k.created_at`, segments)}, k.product_id, k.created_by,
            count(*), sum(k.price_cents)
          from license_keys k
          where k.created_at >= ${from} and k.created_at < ${to}
            and k.price_cents is not null and k.created_by is not null
          group by k.created_by, k.created_at, k.product_id
          having ${uncounted(fact)}`;
      }
    }
  }

  function dimensionOf(aggregate: Aggregate): RawBuilder<unknown> {
    switch (aggregate.dimension) {
      case 'none':
        return sql`''`;
      case 'product':
        return sql`product`;
      case 'reseller':
        return sql`reseller`;
      case 'resellerProduct':
        return sql`reseller || '/' || product`;
    }
  }

  /** PostgreSQL refuses a constant in GROUP BY: the platform-wide rows group by day only. */
  function groupOf(aggregate: Aggregate): RawBuilder<unknown> {
    return aggregate.dimension === 'none' ? sql`day` : sql`${dimensionOf(aggregate)}, day`;
  }

  function valueOf(aggregate: Aggregate): RawBuilder<unknown> {
    if (aggregate.value === 'one') return sql`count(*)`;
    return aggregate.value === 'qty' ? sql`sum(qty)` : sql`sum(cents)`;
  }

  return {
    /**
     * Counts one chunk of a source in one transaction; answers how many facts it counted. On
     * PostgreSQL the facts ledger is locked against other writers for the chunk (a handler
     * inserting a fact meanwhile waits, then finds it counted); SQLite's transaction is the
     * single writer already.
     */
    countChunk(
      source: BackfillSource,
      chunk: IdChunk | TimeChunk,
      segments: OffsetSegment[],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await sql`lock table analytics_facts in share row exclusive mode`.execute(trx);
        }
        await sql`create temporary table ${TEMP_TABLE} (
            fact text primary key, day text not null, product text, reseller text,
            qty bigint not null, cents bigint not null
          )`.execute(trx);
        await sql`insert into ${TEMP_TABLE} (fact, day, product, reseller, qty, cents)
          ${selectUncounted(source, chunk, segments)}`.execute(trx);
        const counted = await sql<{ n: number }>`select count(*) as n from ${TEMP_TABLE}`.execute(
          trx,
        );
        const total = Number(counted.rows[0]?.n ?? 0);
        if (total > 0) {
          // `where true`: SQLite's upsert after INSERT … SELECT needs a WHERE to parse.
          await sql`insert into analytics_facts (id) select fact from ${TEMP_TABLE} where true
            on conflict (id) do nothing`.execute(trx);
          for (const aggregate of AGGREGATES[source]) {
            const needsReseller =
              aggregate.dimension === 'reseller' || aggregate.dimension === 'resellerProduct';
            await sql`insert into analytics_daily (metric, dimension, day, value)
              select ${sql.lit(aggregate.metric)}, ${dimensionOf(aggregate)}, day,
                ${valueOf(aggregate)}
              from ${TEMP_TABLE}
              where ${needsReseller ? sql`reseller is not null` : sql`true`}
              group by ${groupOf(aggregate)}
              on conflict (metric, dimension, day)
              do update set value = analytics_daily.value + excluded.value`.execute(trx);
          }
        }
        await sql`drop table ${TEMP_TABLE}`.execute(trx);
        return total;
      });
    },

    /** The id closing a chunk of `size` ids after `after` (undefined: the rest is smaller). */
    async chunkEnd(
      table: 'deposits' | 'orders' | 'users' | 'license_keys',
      after: string | null,
      size: number,
    ): Promise<string | undefined> {
      let query = db
        .selectFrom(table)
        .select('id')
        .orderBy('id')
        .limit(1)
        .offset(size - 1);
      if (after !== null) query = query.where('id', '>', after);
      return (await query.executeTakeFirst())?.id;
    },

    /** The first and last `created_at` of resellers' purchased keys (undefined: none). */
    async resellerKeysSpan(): Promise<{ from: number; to: number } | undefined> {
      const row = await db
        .selectFrom('license_keys')
        .select((eb) => [
          eb.fn.min<number | null>('created_at').as('from'),
          eb.fn.max<number | null>('created_at').as('to'),
        ])
        .where('price_cents', 'is not', null)
        .executeTakeFirstOrThrow();
      if (row.from === null || row.to === null) return undefined;
      return { from: Number(row.from), to: Number(row.to) };
    },

    /** The earliest instant any source holds (the start of the offsets' segments). */
    async earliest(): Promise<number | undefined> {
      const tables = ['users', 'deposits', 'orders', 'license_keys', 'subscriptions'] as const;
      const firsts = await Promise.all(
        tables.map(async (table) => {
          const row = await db
            .selectFrom(table)
            .select((eb) => eb.fn.min<number | null>('created_at').as('first'))
            .executeTakeFirstOrThrow();
          return row.first === null ? undefined : Number(row.first);
        }),
      );
      const known = firsts.filter((first): first is number => first !== undefined);
      return known.length === 0 ? undefined : Math.min(...known);
    },

    /**
     * Running subscriptions' changes per local day: +1 on the day one was created, -1 on the day
     * it expires (never before its creation), for those with an expiry (running ones; a paused
     * subscription has none). Summed from the first day, that is the count running at each
     * day's end.
     */
    async subscriptionDeltas(segments: OffsetSegment[]): Promise<{ day: string; delta: number }[]> {
      const created = dayOf(sql`created_at`, segments);
      const ends = dayOf(
        sql`case when expires_at > created_at then expires_at else created_at end`,
        segments,
      );
      const result = await sql<{ day: string; delta: number }>`
        select day, sum(delta) as delta from (
          select ${created} as day, 1 as delta from subscriptions where expires_at is not null
          union all
          select ${ends} as day, -1 as delta from subscriptions where expires_at is not null
        ) changes
        group by day
        order by day`.execute(db);
      return result.rows.map((row) => ({ day: row.day, delta: Number(row.delta) }));
    },

    /**
     * Writes `gauge.active_subscriptions` for days that have none (a day the sampler saw keeps
     * its sample); answers how many rows it wrote.
     */
    async fillActiveSubscriptions(rows: { day: string; value: number }[]): Promise<number> {
      let written = 0;
      for (let start = 0; start < rows.length; start += 500) {
        const batch = rows.slice(start, start + 500);
        const result = await db
          .insertInto('analytics_daily')
          .values(
            batch.map((row) => ({
              metric: METRICS.activeSubscriptions,
              dimension: '',
              day: row.day,
              value: row.value,
            })),
          )
          .onConflict((oc) => oc.columns(['metric', 'dimension', 'day']).doNothing())
          .executeTakeFirst();
        written += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return written;
    },
  };
}

export type AnalyticsBackfillRepository = ReturnType<typeof createAnalyticsBackfillRepository>;
