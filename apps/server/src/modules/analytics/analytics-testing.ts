import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TestApp } from '../../testing/test-app.js';

/** One rollup row as the tests compare them. */
export interface DailyRow {
  metric: string;
  dimension: string;
  day: string;
  value: number;
}

/**
 * The `analytics_daily` rows (tests only), in a stable order: of one day, or all; counters only
 * (no gauges nor online samples) with `countersOnly`.
 */
export async function dailyRows(
  db: Kysely<Database>,
  filter: { day?: string; countersOnly?: boolean } = {},
): Promise<DailyRow[]> {
  let query = db
    .selectFrom('analytics_daily')
    .select(['metric', 'dimension', 'day', 'value'])
    .orderBy('day')
    .orderBy('metric')
    .orderBy('dimension');
  if (filter.day !== undefined) query = query.where('day', '=', filter.day);
  if (filter.countersOnly) {
    query = query.where('metric', 'not like', 'gauge.%').where('metric', 'not like', 'online.%');
  }
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/** The rows of one day as `metric` or `metric|dimension` → value, for hand-computed objects. */
export async function dayValues(
  db: Kysely<Database>,
  day: string,
): Promise<Record<string, number>> {
  const values: Record<string, number> = {};
  for (const row of await dailyRows(db, { day })) {
    values[row.dimension === '' ? row.metric : `${row.metric}|${row.dimension}`] = row.value;
  }
  return values;
}

/** Empties the rollups (tests that write every row by hand, after stopping the sampler). */
export async function clearRollups({ database: { db } }: Pick<TestApp, 'database'>): Promise<void> {
  await db.deleteFrom('analytics_daily').execute();
  await db.deleteFrom('analytics_online_minutes').execute();
  await db.deleteFrom('analytics_usage_daily').execute();
}
