import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { afterCommit } from '../../platform/db/database.js';
import type { RollupCache } from './analytics-rollup-cache.js';
import type { Metric } from './analytics-metrics.js';
import { METRICS } from './analytics-metrics.js';

/** One addition to (or, for gauges, the value of) a rollup row of one day. */
export interface RollupValue {
  metric: Metric;
  /** '' for the whole platform (the default); a product id, a reseller id, … */
  dimension?: string;
  value: number;
}

/** The four cards and running subscriptions, as the minute sampler read them. */
export interface GaugeSample {
  onlineUsers: number;
  activeUsers: number;
  bannedUsers: number;
  expiredSubscriptions: number;
  activeSubscriptions: number;
}

/**
 * The analytics rollups' writes (docs/architecture.md "Analytics"): counters added
 * once per business fact, and the minute sampler's rows. Every write takes the caller's
 * transaction: a fact and its additions, a minute and everything it decides, commit together.
 */
/** Adds `values` (at least one) to their rows of `day` (rows created at 0 first). */
function addQuery(executor: Kysely<Database>, day: string, values: RollupValue[]) {
  const rows = values.map((entry) => ({
    metric: entry.metric,
    dimension: entry.dimension ?? '',
    day,
    value: entry.value,
  }));
  return executor
    .insertInto('analytics_daily')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['metric', 'dimension', 'day']).doUpdateSet((eb) => ({
        value: eb('analytics_daily.value', '+', eb.ref('excluded.value')),
      })),
    );
}

/** `cache` is told of every rollup write (it drops the analytics answers' parts it changes). */
export function createAnalyticsRollupsRepository(
  db: Kysely<Database>,
  cache: Pick<RollupCache, 'written'>,
) {
  return {
    /**
     * Counts a business fact once: inserts its id into `analytics_facts` and, only when it was
     * not there yet, adds `values` to the day's rollups. Answers whether it counted.
     */
    async countFact(
      trx: Kysely<Database>,
      factId: string,
      day: string,
      values: RollupValue[],
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('analytics_facts')
        .values({ id: factId })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      if (values.length > 0) {
        await addQuery(trx, day, values).execute();
        afterCommit(trx, () => cache.written(day));
      }
      return true;
    },

    /** An account's role now (undefined once it is gone). */
    async roleOf(trx: Kysely<Database>, userId: string) {
      const row = await trx
        .selectFrom('users')
        .select('role')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    /** Whether the minute (its start, epoch ms) was sampled already, by any process. */
    async minuteSampled(minute: number): Promise<boolean> {
      const row = await db
        .selectFrom('analytics_online_minutes')
        .select('minute')
        .where('minute', '=', minute)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Running subscriptions at `now`: active (not paused) and not yet expired. */
    async activeSubscriptions(reads: Kysely<Database>, now: number): Promise<number> {
      const row = await reads
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'active')
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One minute's sample, as statements for one gated transaction (`runInBackground` with
     * `gated`): first the minute's claim (two processes sampling the same minute both try; the
     * primary key lets one in, and only that one applies the rest), then into its day the
     * gauges' snapshot (the last sample wins), the online peak (highest), sum and number of
     * samples (for the mean), and +1 minute of usage to every subscription with a machine seen
     * since `onlineSince` (the same 90 s window as 'Usuários Online', one INSERT … SELECT).
     */
    sampleQueries(
      minute: number,
      day: string,
      sample: GaugeSample,
      onlineSince: number,
    ): CompiledQuery[] {
      const gauges: [Metric, number][] = [
        [METRICS.onlineUsers, sample.onlineUsers],
        [METRICS.activeUsers, sample.activeUsers],
        [METRICS.bannedUsers, sample.bannedUsers],
        [METRICS.expiredSubscriptions, sample.expiredSubscriptions],
        [METRICS.activeSubscriptions, sample.activeSubscriptions],
      ];
      return [
        db
          .insertInto('analytics_online_minutes')
          .values({ minute, users: sample.onlineUsers })
          .onConflict((oc) => oc.column('minute').doNothing())
          .compile(),
        db
          .insertInto('analytics_daily')
          .values(gauges.map(([metric, value]) => ({ metric, dimension: '', day, value })))
          .onConflict((oc) =>
            oc
              .columns(['metric', 'dimension', 'day'])
              .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
          )
          .compile(),
        db
          .insertInto('analytics_daily')
          .values({ metric: METRICS.onlinePeak, dimension: '', day, value: sample.onlineUsers })
          .onConflict((oc) =>
            oc.columns(['metric', 'dimension', 'day']).doUpdateSet((eb) => ({
              value: eb
                .case()
                .when('excluded.value', '>', eb.ref('analytics_daily.value'))
                .then(eb.ref('excluded.value'))
                .else(eb.ref('analytics_daily.value'))
                .end(),
            })),
          )
          .compile(),
        addQuery(db, day, [
          { metric: METRICS.onlineSum, value: sample.onlineUsers },
          // Written even at 0 users: the mean counts the minutes nobody was online.
          { metric: METRICS.onlineSamples, value: 1 },
        ]).compile(),
        db
          .insertInto('analytics_usage_daily')
          .columns(['subscription_id', 'day', 'minutes'])
          .expression((eb) =>
            eb
              .selectFrom('machines')
              .select((inner) => [
                'machines.subscription_id',
                inner.val(day).as('day'),
                inner.lit(1).as('minutes'),
              ])
              .where('machines.last_seen_at', '>=', onlineSince)
              .groupBy('machines.subscription_id'),
          )
          .onConflict((oc) =>
            oc.columns(['subscription_id', 'day']).doUpdateSet((eb) => ({
              minutes: eb('analytics_usage_daily.minutes', '+', eb.ref('excluded.minutes')),
            })),
          )
          .compile(),
      ];
    },

    /** After a minute's sample (`sampleQueries`) committed: its day's live parts are stale. */
    sampled(day: string): void {
      cache.written(day);
    },

    /** Deletes minute samples older than `before`, as a statement for `runInBackground`. */
    pruneMinutesQuery(before: number): CompiledQuery {
      return db.deleteFrom('analytics_online_minutes').where('minute', '<', before).compile();
    },
  };
}

export type AnalyticsRollupsRepository = ReturnType<typeof createAnalyticsRollupsRepository>;
