import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
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
export function createAnalyticsRollupsRepository(db: Kysely<Database>) {
  /** Adds `values` to their rows of `day` (rows created at 0 first). */
  async function add(executor: Kysely<Database>, day: string, values: RollupValue[]) {
    const rows = values.map((entry) => ({
      metric: entry.metric,
      dimension: entry.dimension ?? '',
      day,
      value: entry.value,
    }));
    if (rows.length === 0) return;
    await executor
      .insertInto('analytics_daily')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['metric', 'dimension', 'day']).doUpdateSet((eb) => ({
          value: eb('analytics_daily.value', '+', eb.ref('excluded.value')),
        })),
      )
      .execute();
  }

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
      await add(trx, day, values);
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

    /**
     * Claims the minute: true when this call inserted it. Two processes sampling the same minute
     * both try; the primary key lets one in, and only that one applies the rest of the sample.
     */
    async insertMinute(trx: Kysely<Database>, minute: number, users: number): Promise<boolean> {
      const inserted = await trx
        .insertInto('analytics_online_minutes')
        .values({ minute, users })
        .onConflict((oc) => oc.column('minute').doNothing())
        .returning('minute')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Running subscriptions at `now`: active (not paused) and not yet expired. */
    async activeSubscriptions(trx: Kysely<Database>, now: number): Promise<number> {
      const row = await trx
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'active')
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One minute's sample into its day: the gauges' snapshot (the last sample wins), the day's
     * online peak (highest), sum and number of samples (for the mean).
     */
    async applySample(trx: Kysely<Database>, day: string, sample: GaugeSample): Promise<void> {
      const gauges: [Metric, number][] = [
        [METRICS.onlineUsers, sample.onlineUsers],
        [METRICS.activeUsers, sample.activeUsers],
        [METRICS.bannedUsers, sample.bannedUsers],
        [METRICS.expiredSubscriptions, sample.expiredSubscriptions],
        [METRICS.activeSubscriptions, sample.activeSubscriptions],
      ];
      await trx
        .insertInto('analytics_daily')
        .values(gauges.map(([metric, value]) => ({ metric, dimension: '', day, value })))
        .onConflict((oc) =>
          oc
            .columns(['metric', 'dimension', 'day'])
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        )
        .execute();
      await trx
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
        .execute();
      await add(trx, day, [
        { metric: METRICS.onlineSum, value: sample.onlineUsers },
        // Written even at 0 users: the mean counts the minutes nobody was online.
        { metric: METRICS.onlineSamples, value: 1 },
      ]);
    },

    /**
     * +1 minute of the day to every subscription with a machine seen since `onlineSince` (the
     * same 90 s window as 'Usuários Online'): one INSERT … SELECT.
     */
    async addUsageMinute(trx: Kysely<Database>, day: string, onlineSince: number): Promise<void> {
      await trx
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
        .execute();
    },

    /** Deletes minute samples older than `before`; answers how many. */
    async pruneMinutes(before: number): Promise<number> {
      const result = await db
        .deleteFrom('analytics_online_minutes')
        .where('minute', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AnalyticsRollupsRepository = ReturnType<typeof createAnalyticsRollupsRepository>;
