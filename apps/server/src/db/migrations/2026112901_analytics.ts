import type { Kysely } from 'kysely';

/**
 * Analytics rollups. The dashboard reads O(days) rows, never the source tables:
 *
 * - `analytics_daily`: one value per (metric, dimension, São Paulo day). Counters (sales,
 *   deposits, sign-ups, redemptions; per product and per reseller through `dimension`) are added
 *   to by the event handlers and the backfill; gauges (active subscriptions, the four cards,
 *   online peak/sum/samples) are set by the minute sampler.
 * - `analytics_facts`: the business facts already counted (`deposit:<id>`, `order:<id>`, …).
 *   A handler run twice, or a backfill over what a handler already counted, finds the fact and
 *   adds nothing: counters are exact whatever the order or repetition.
 * - `analytics_online_minutes`: 'Usuários Online' sampled once per minute (the minute's start is
 *   the key, so two processes sampling the same minute write it once).
 * - `analytics_usage_daily`: minutes each subscription had a machine online, per day.
 *
 * The expiring-soon list counts running subscriptions per product over an expiry range: the
 * (status, expires_at) index gains `product_id` so that count reads the index alone (about
 * 30 000 entries in the bench's week instead of as many row lookups). Its prefix serves every
 * query the narrower index served.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_daily')
    .addColumn('metric', 'text', (col) => col.notNull())
    .addColumn('dimension', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('value', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pk', ['metric', 'dimension', 'day'])
    .execute();
  // Rankings over a range (every product or reseller of a metric within some days).
  await db.schema
    .createIndex('analytics_daily_metric_day_idx')
    .on('analytics_daily')
    .columns(['metric', 'day', 'dimension', 'value'])
    .execute();

  await db.schema
    .createTable('analytics_facts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .execute();

  await db.schema
    .createTable('analytics_online_minutes')
    .addColumn('minute', 'bigint', (col) => col.primaryKey())
    .addColumn('users', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('analytics_usage_daily')
    .addColumn('subscription_id', 'text', (col) =>
      col.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_usage_daily_pk', ['subscription_id', 'day'])
    .execute();

  await db.schema
    .createIndex('subscriptions_status_expires_at_product_id_idx')
    .on('subscriptions')
    .columns(['status', 'expires_at', 'product_id'])
    .execute();
  await db.schema.dropIndex('subscriptions_status_expires_at_idx').execute();
}
