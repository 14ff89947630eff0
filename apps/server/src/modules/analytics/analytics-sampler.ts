import type { MetricsResponse } from '@chaveiro/contract';
import { TIMING } from '@chaveiro/contract';
import type { FastifyBaseLogger } from 'fastify';
import { BUSINESS_TIME_ZONE, dayIn } from '../../platform/core/calendar.js';
import type { AppContext } from '../../platform/core/context.js';
import { createPeriodicJob } from '../../platform/jobs/periodic-job.js';
import type { AnalyticsRollupsRepository } from './analytics-rollups-repository.js';

/** One sample a minute. */
export const SAMPLE_EVERY_MS = 60_000;
/**
 * How often the job looks: a timer of exactly 60 s drifts against the minutes and now and then
 * skips one; looking every 15 s samples each minute at its first look (later looks in the same
 * minute are one indexed read).
 */
export const SAMPLER_TICK_MS = 15_000;
/** Minute samples are kept this long (the recent online chart reads the last day). */
export const ONLINE_MINUTES_KEPT_MS = 35 * 24 * 60 * 60_000;
/** How often old minute samples are deleted. */
const PRUNE_EVERY_MS = 60 * 60_000;

export interface AnalyticsSamplerDeps extends Pick<
  AppContext,
  'backgroundReads' | 'runInBackground' | 'clock' | 'jobLeases'
> {
  rollups: AnalyticsRollupsRepository;
  /**
   * The four metric cards as the dashboard computes them (one definition: 'Usuários Online' is
   * distinct users with a machine seen in the last 90 s).
   */
  cards: () => Promise<MetricsResponse>;
  /** Writes the loader's pending presence first, so a sample sees the heartbeats just noted. */
  flushPresence: () => Promise<void>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** What one run did: the minute it sampled, and whether this process counted it. */
export interface SampleOutcome {
  minute: number;
  counted: boolean;
  users?: number;
}

/**
 * The minute sampler: once per minute of the app's clock, the minute's start is inserted
 * into `analytics_online_minutes`; only the process whose insert went in applies the rest, in
 * the same transaction: the day's gauges (the four cards and running subscriptions, last sample
 * wins), online peak/sum/samples, and +1 minute of usage to each subscription with a machine
 * online. So two processes on one database, or two runs in one minute, count a minute once.
 * Its reads and its transaction run off the event loop (`backgroundReads`, `runInBackground`):
 * on the bench seed they took 50–100 ms, every request waiting behind them.
 */
export function createAnalyticsSampler({
  backgroundReads,
  runInBackground,
  clock,
  jobLeases,
  rollups,
  cards,
  flushPresence,
  log,
}: AnalyticsSamplerDeps) {
  let nextPruneAt = 0;

  async function sample(): Promise<SampleOutcome> {
    const minute = Math.floor(clock.now() / SAMPLE_EVERY_MS) * SAMPLE_EVERY_MS;
    // Cheap look first: another process (or an earlier run) already has it.
    if (await rollups.minuteSampled(minute)) return { minute, counted: false };
    try {
      await flushPresence();
    } catch (error) {
      // A sample a few seconds behind beats no sample: presence is written again next flush.
      log.warn({ err: error }, 'loader presence not flushed before the analytics sample');
    }
    const now = clock.now();
    const [read, activeSubscriptions] = await Promise.all([
      cards(),
      rollups.activeSubscriptions(backgroundReads, now),
    ]);
    const day = dayIn(BUSINESS_TIME_ZONE, minute);
    const counted = await runInBackground(
      rollups.sampleQueries(
        minute,
        day,
        { ...read, activeSubscriptions },
        now - TIMING.onlineWindowMs,
      ),
      { transaction: true, gated: true },
    );
    if (counted) rollups.sampled(day);
    await pruneIfDue(now);
    return { minute, counted, users: read.onlineUsers };
  }

  async function pruneIfDue(now: number): Promise<void> {
    if (now < nextPruneAt) return;
    nextPruneAt = now + PRUNE_EVERY_MS;
    await runInBackground([rollups.pruneMinutesQuery(now - ONLINE_MINUTES_KEPT_MS)]);
  }

  return createPeriodicJob({
    run: sample,
    intervalMs: SAMPLER_TICK_MS,
    // Two runs in one minute count it once (the minute's row is the gate, see above). The
    // presence it flushes first is this process's own; every process also flushes its own
    // every 2 s (loader-presence.ts), lease or not.
    lease: { name: 'analytics-sampler', leases: jobLeases },
    onError: (error) => log.error({ err: error }, 'analytics minute sample failed'),
  });
}

export type AnalyticsSampler = ReturnType<typeof createAnalyticsSampler>;
