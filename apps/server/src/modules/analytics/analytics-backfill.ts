import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BUSINESS_TIME_ZONE, dayIn, utcOffsetSegments } from '../../platform/core/calendar.js';
import type { SqlDialect } from '../../platform/db/database.js';
import type { BackfillSource, IdChunk } from './analytics-backfill-repository.js';
import { createAnalyticsBackfillRepository } from './analytics-backfill-repository.js';

const DAY_MS = 86_400_000;

/** Rows of a source table per transaction: short enough for a server running beside it. */
const DEFAULT_CHUNK_ROWS = 50_000;
/** Resellers' keys are read a week of `created_at` at a time (a purchase never straddles one). */
const RESELLER_KEYS_WINDOW_MS = 7 * DAY_MS;

/** The source table each id-chunked kind of fact is read from. */
const ID_CHUNKED: [Exclude<BackfillSource, 'resellerKeys'>, Parameters<ChunkEnd>[0]][] = [
  ['deposits', 'deposits'],
  ['refunds', 'deposits'],
  ['orders', 'orders'],
  ['signups', 'users'],
  ['redemptions', 'license_keys'],
];
type ChunkEnd = ReturnType<typeof createAnalyticsBackfillRepository>['chunkEnd'];

export interface BackfillOptions {
  /** "Today" (epoch ms): active subscriptions are filled for the days before it. */
  now?: number;
  timeZone?: string;
  chunkRows?: number;
  /** Progress lines (one per kind of fact). */
  progress?: (line: string) => void;
}

export interface BackfillSummary {
  /** Facts counted now, by kind (0 for those already counted by handlers or an earlier run). */
  counted: Record<BackfillSource, number>;
  /** Days given an approximate `gauge.active_subscriptions` (days the sampler saw keep theirs). */
  activeSubscriptionDays: number;
  ms: number;
}

/**
 * Counts into the rollups what the source tables hold and the rollups do not yet
 * (`npm run analytics:backfill`; the bench seed calls it too). Set-based SQL per chunk of rows,
 * one transaction each; every fact is insert-or-ignore in `analytics_facts`, as the handlers
 * count them: run it before or after the handlers, or twice, and each fact counts once.
 *
 * Active subscriptions of past days the sampler never saw are approximated from today's rows:
 * a subscription counts from its creation to its current expiry (a renewal moves the expiry, so
 * a lapse before it is not seen; paused ones have no expiry and are not counted).
 */
export async function runAnalyticsBackfill(
  db: Kysely<Database>,
  dialect: SqlDialect,
  options: BackfillOptions = {},
): Promise<BackfillSummary> {
  const started = Date.now();
  const now = options.now ?? Date.now();
  const timeZone = options.timeZone ?? BUSINESS_TIME_ZONE;
  const chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  const progress = options.progress ?? (() => undefined);
  const repository = createAnalyticsBackfillRepository(db, dialect);
  const counted: Record<BackfillSource, number> = {
    deposits: 0,
    refunds: 0,
    orders: 0,
    resellerKeys: 0,
    signups: 0,
    redemptions: 0,
  };

  const earliest = await repository.earliest();
  if (earliest === undefined) {
    return { counted, activeSubscriptionDays: 0, ms: Date.now() - started };
  }
  const segments = utcOffsetSegments(timeZone, earliest - DAY_MS, now + DAY_MS);

  for (const [source, table] of ID_CHUNKED) {
    let chunk: IdChunk = { after: null, upTo: null };
    do {
      chunk = {
        after: chunk.upTo,
        upTo: (await repository.chunkEnd(table, chunk.upTo, chunkRows)) ?? null,
      };
      counted[source] += await repository.countChunk(source, chunk, segments);
    } while (chunk.upTo !== null);
    progress(`${source}: ${String(counted[source])}`);
  }

  const span = await repository.resellerKeysSpan();
  if (span) {
    for (let from = span.from; from <= span.to; from += RESELLER_KEYS_WINDOW_MS) {
      const window = { from, to: Math.min(from + RESELLER_KEYS_WINDOW_MS, span.to + 1) };
      counted.resellerKeys += await repository.countChunk('resellerKeys', window, segments);
    }
  }
  progress(`resellerKeys: ${String(counted.resellerKeys)}`);

  const activeSubscriptionDays = await repository.fillActiveSubscriptions(
    runningPerDay(await repository.subscriptionDeltas(segments), dayIn(timeZone, now)),
  );
  progress(`activeSubscriptionDays: ${String(activeSubscriptionDays)}`);

  return { counted, activeSubscriptionDays, ms: Date.now() - started };
}

/**
 * Every day from the first change up to (not including) `today`, with the running total of the
 * changes so far: today belongs to the sampler.
 */
export function runningPerDay(
  deltas: { day: string; delta: number }[],
  today: string,
): { day: string; value: number }[] {
  const first = deltas[0];
  if (!first) return [];
  const byDay = new Map(deltas.map((entry) => [entry.day, entry.delta]));
  const rows: { day: string; value: number }[] = [];
  let running = 0;
  for (let day = first.day; day < today; day = nextDay(day)) {
    running += byDay.get(day) ?? 0;
    rows.push({ day, value: running });
  }
  return rows;
}

function nextDay(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The summary `npm run analytics:backfill` prints. */
export function describeBackfill(summary: BackfillSummary): string {
  const { counted } = summary;
  return [
    `Analytics backfill done in ${(summary.ms / 1000).toFixed(1)} s. Facts counted now:`,
    `  deposits paid:           ${String(counted.deposits)}`,
    `  deposits refunded:       ${String(counted.refunds)}`,
    `  shop orders:             ${String(counted.orders)}`,
    `  reseller key purchases:  ${String(counted.resellerKeys)}`,
    `  sign-ups:                ${String(counted.signups)}`,
    `  redemptions:             ${String(counted.redemptions)}`,
    `  days of active subscriptions filled (approximate): ${String(summary.activeSubscriptionDays)}`,
    'Facts counted before (by the event handlers or an earlier run) are not counted again.',
    '',
  ].join('\n');
}
