/**
 * Analytics: facts recorded from domain events, a minute sample of gauges and usage, daily
 * rollups, and the admin's and resellers' charts read from them.
 */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import { createRollupCache, createRollupReads } from './analytics-rollup-cache.js';
import { createExpiringReads } from './analytics-expiring-reads.js';
import { createAnalyticsHandlers } from './analytics-handlers.js';
import { createAnalyticsRepository } from './analytics-repository.js';
import { createAnalyticsRollupsRepository } from './analytics-rollups-repository.js';
import { analyticsRoutes, resellerAnalyticsRoutes } from './analytics-routes.js';
import type { AnalyticsSamplerDeps } from './analytics-sampler.js';
import { createAnalyticsSampler } from './analytics-sampler.js';
import { createAnalyticsService } from './analytics-service.js';

export { FACTS, METRICS } from './analytics-metrics.js';
export type { Metric } from './analytics-metrics.js';
export { createAnalyticsRollupsRepository } from './analytics-rollups-repository.js';
export type { AnalyticsRollupsRepository } from './analytics-rollups-repository.js';
export type { AnalyticsSampler } from './analytics-sampler.js';
export { describeBackfill, runAnalyticsBackfill } from './analytics-backfill.js';
export type { BackfillOptions, BackfillSummary } from './analytics-backfill.js';
export type { AnalyticsRepository } from './analytics-repository.js';
export type { AnalyticsService } from './analytics-service.js';

export function createAnalyticsModule({
  db,
  backgroundReads,
  readNow,
  runInBackground,
  dialect,
  clock,
  jobLeases,
  log,
  sharedState,
  subscriptionCounts,
  dashboard,
  presence,
}: Pick<
  Platform,
  | 'db'
  | 'backgroundReads'
  | 'readNow'
  | 'runInBackground'
  | 'dialect'
  | 'clock'
  | 'jobLeases'
  | 'log'
  | 'sharedState'
  | 'subscriptionCounts'
> & {
  dashboard: { freshMetrics: AnalyticsSamplerDeps['cards'] };
  presence: { flush(): Promise<void> };
}) {
  const repository = createAnalyticsRepository(db, dialect);
  const cache = createRollupCache({ clock, invalidations: sharedState });
  const rollups = createAnalyticsRollupsRepository(db, cache);
  const analytics = createAnalyticsService({
    clock,
    cache,
    repository: createRollupReads({
      main: repository,
      background: createAnalyticsRepository(backgroundReads, dialect),
      cache,
    }),
    expiring: createExpiringReads({ db, readNow, backgroundReads, subscriptionCounts }),
  });
  return defineModule({
    name: 'analytics',
    // The customer area's usage figures are read from the same rollups.
    services: { usage: repository },
    routes: [
      { scope: 'api', prefix: '/analytics', plugin: analyticsRoutes({ analytics }) },
      {
        scope: 'api',
        prefix: '/reseller/analytics',
        plugin: resellerAnalyticsRoutes({ analytics }),
      },
    ],
    handlers: createAnalyticsHandlers({ rollups }),
    jobs: {
      /** Online users, the cards' gauges and usage, sampled once a minute. */
      analyticsSampler: createAnalyticsSampler({
        backgroundReads,
        runInBackground,
        clock,
        jobLeases,
        rollups,
        // The metric cards' own computation: one definition of 'Usuários Online' and the rest.
        cards: () => dashboard.freshMetrics(),
        flushPresence: () => presence.flush(),
        log,
      }),
    },
  });
}
