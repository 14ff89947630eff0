import { BUSINESS_TIME_ZONE, addDays, dayIn } from '../../platform/core/calendar.js';
import type { Clock } from '../../platform/core/clock.js';
import type { CacheInvalidations } from '../../platform/state/shared-state.js';
import { sharedTtlCache } from '../../platform/state/ttl-cache.js';
import type { Metric } from './analytics-metrics.js';
import type { AnalyticsRepository, DailyValue, DimensionTotal } from './analytics-repository.js';

/**
 * How long a part is kept at most: the bound on a stale part after a write this node was not
 * told of (a backfill run as its own process, or a lost announcement between nodes). Live parts
 * (yesterday and today) change with every sale, so theirs is short.
 */
const CLOSED_PART_TTL_MS = 5 * 60_000;
const LIVE_PART_TTL_MS = 10_000;
/** Ranges and resellers whose parts are kept (a closed part holds up to a few thousand rows). */
const PARTS_KEPT = 64;
const CLOSED_CACHE = 'analytics-closed-parts';
const LIVE_CACHE = 'analytics-live-parts';

/**
 * The analytics answers' rollup parts, kept until a rollup write changes them. Days up to the day
 * before yesterday (São Paulo) are closed: a fact is counted on the day it happened and its
 * handler runs within moments (or, after an outage, within the day after), so only a backfill, or
 * a fact delivered days late, writes such a day. The rollup writer reports every write with
 * `written(day)`: a write of a closed day drops every kept part, any other drops the live ones,
 * on every node.
 */
export function createRollupCache({
  clock,
  invalidations,
}: {
  clock: Pick<Clock, 'now'>;
  invalidations: CacheInvalidations;
}) {
  // A drop forgets the reads still under way too: none read before the write is kept.
  const tier = (name: string, ttlMs: number) =>
    sharedTtlCache<unknown>(invalidations, name, ttlMs, () => clock.now(), PARTS_KEPT);
  const closed = tier(CLOSED_CACHE, CLOSED_PART_TTL_MS);
  const live = tier(LIVE_CACHE, LIVE_PART_TTL_MS);
  const kept =
    (parts: typeof closed) =>
    <T>(key: string, load: () => Promise<T>): Promise<T> =>
      parts.get(key, load) as Promise<T>;
  // A day changes at a whole minute in São Paulo: one calendar lookup a minute is enough.
  let lastClosed = { minute: Number.NaN, day: '' };
  const lastClosedDay = () => {
    const minute = Math.floor(clock.now() / 60_000);
    if (minute !== lastClosed.minute) {
      lastClosed = { minute, day: addDays(dayIn(BUSINESS_TIME_ZONE, clock.now()), -2) };
    }
    return lastClosed.day;
  };
  return {
    lastClosedDay,
    /** A read's part over closed days, computed once per `key` (which names its days). */
    closed: kept(closed),
    /** A read's part over yesterday and today (or the last minutes), as `closed`. */
    live: kept(live),
    /** Told of every rollup write of `day`, once it is committed. */
    written(day: string): void {
      if (day <= lastClosedDay()) closed.clear();
      live.clear();
    },
  };
}

export type RollupCache = ReturnType<typeof createRollupCache>;

/** [from, to] cut at the last closed day: the part to keep and the part to read live. */
function split(from: string, to: string, lastClosed: string) {
  return {
    closed: from <= lastClosed ? { from, to: to < lastClosed ? to : lastClosed } : null,
    live: to > lastClosed ? { from: from > lastClosed ? from : addDays(lastClosed, 1), to } : null,
  };
}

type OnlineBucket = { at: number; users: number };

const totalKey = (row: { metric: string; dimension: string }) =>
  `${row.metric}\u0000${row.dimension}`;

/** Two lists of per-dimension sums as one (the same metric and dimension added). */
function mergeTotals(kept: readonly DimensionTotal[], live: readonly DimensionTotal[]) {
  if (live.length === 0) return kept;
  const merged = new Map(kept.map((row) => [totalKey(row), row]));
  for (const row of live) {
    const key = totalKey(row);
    const before = merged.get(key);
    merged.set(key, before ? { ...before, value: before.value + row.value } : row);
  }
  return [...merged.values()];
}

/**
 * The analytics answers' rollup reads, each split at the last closed day: the closed days' part
 * is read on the background reader and kept until a write of a closed day, the live days' part
 * (by primary key or a short index range) until any rollup write (`RollupCache`). So an answer
 * over a year costs about what one over two days does, and no long read runs on the event loop.
 * The same answers as `main` alone.
 */
export function createRollupReads({
  main,
  background,
  cache,
}: {
  /** Reads on the main connection: the live days, and whatever is not a rollup. */
  main: AnalyticsRepository;
  /** The same reads on the background reader: the closed parts. */
  background: AnalyticsRepository;
  cache: RollupCache;
}) {
  /** `read` over [from, to] as its closed part and its live part (`none` for a part not there). */
  function parts<T>(
    key: string,
    from: string,
    to: string,
    read: (reads: AnalyticsRepository, from: string, to: string) => Promise<T>,
    none: T,
  ): Promise<[T, T]> {
    const { closed, live } = split(from, to, cache.lastClosedDay());
    return Promise.all([
      closed
        ? cache.closed(`${key}|${closed.from}|${closed.to}`, () =>
            read(background, closed.from, closed.to),
          )
        : none,
      live
        ? cache.live(`${key}|${live.from}|${live.to}`, () => read(main, live.from, live.to))
        : none,
    ]);
  }

  async function totalsByDimension(
    metrics: readonly Metric[],
    from: string,
    to: string,
  ): Promise<readonly DimensionTotal[]> {
    const [kept, fresh] = await parts<readonly DimensionTotal[]>(
      `totals|${metrics.join(',')}`,
      from,
      to,
      (reads, first, last) => reads.totalsByDimension(metrics, first, last),
      [],
    );
    return mergeTotals(kept, fresh);
  }

  return {
    ...main,
    async daily(
      metrics: readonly Metric[],
      dimension: string,
      from: string,
      to: string,
    ): Promise<readonly DailyValue[]> {
      const [kept, fresh] = await parts<readonly DailyValue[]>(
        `daily|${metrics.join(',')}|${dimension}`,
        from,
        to,
        (reads, first, last) => reads.daily(metrics, dimension, first, last),
        [],
      );
      return fresh.length === 0 ? kept : kept.concat(fresh);
    },

    totalsByDimension,

    /** The `limit` dimensions with the highest positive sum (ties by id), as `main.top`. */
    async top(
      metric: Metric,
      from: string,
      to: string,
      limit: number,
    ): Promise<readonly DimensionTotal[]> {
      return (await totalsByDimension([metric], from, to))
        .filter((row) => row.value > 0)
        .sort(
          (a, b) =>
            b.value - a.value ||
            (a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : 0),
        )
        .slice(0, limit);
    },

    async totalsOf(
      metrics: readonly Metric[],
      dimensions: readonly string[],
      from: string,
      to: string,
    ): Promise<readonly DimensionTotal[]> {
      if (dimensions.length === 0) return [];
      const [kept, fresh] = await parts<readonly DimensionTotal[]>(
        `of|${metrics.join(',')}|${dimensions.join(',')}`,
        from,
        to,
        (reads, first, last) => reads.totalsOf(metrics, dimensions, first, last),
        [],
      );
      return mergeTotals(kept, fresh);
    },

    async dimensionsWith(
      metrics: readonly Metric[],
      from: string,
      to: string,
    ): Promise<readonly string[]> {
      const [kept, fresh] = await parts<readonly string[]>(
        `with|${metrics.join(',')}`,
        from,
        to,
        (reads, first, last) => reads.dimensionsWith(metrics, first, last),
        [],
      );
      return fresh.length === 0 ? kept : [...new Set([...kept, ...fresh])];
    },

    /**
     * As `main.onlineBuckets`, `since` and `until` on bucket boundaries. Minutes are written as
     * they pass (the sampler's, within a minute or two), so the last two buckets are the live
     * part and the ones before are kept as closed.
     */
    async onlineBuckets(since: number, until: number, bucketMs: number) {
      const liveFrom = Math.max(since, until - 2 * bucketMs);
      const key = (first: number, last: number) =>
        `online|${String(first)}|${String(last)}|${String(bucketMs)}`;
      const [kept, fresh]: [OnlineBucket[], OnlineBucket[]] = await Promise.all([
        liveFrom > since
          ? cache.closed(key(since, liveFrom), () =>
              background.onlineBuckets(since, liveFrom, bucketMs),
            )
          : [],
        cache.live(key(liveFrom, until), () => main.onlineBuckets(liveFrom, until, bucketMs)),
      ]);
      return kept.length === 0 ? fresh : kept.concat(fresh);
    },
  };
}

export type RollupReads = ReturnType<typeof createRollupReads>;
