/**
 * Analytics (issue #23): rollups fed by domain events and a minute sampler, a backfill for
 * existing data, and the dashboard's reads of them.
 */
export { FACTS, METRICS } from './analytics-metrics.js';
export type { Metric } from './analytics-metrics.js';
export { createAnalyticsRollupsRepository } from './analytics-rollups-repository.js';
export type { AnalyticsRollupsRepository } from './analytics-rollups-repository.js';
export { createAnalyticsHandlers } from './analytics-handlers.js';
export { createAnalyticsSampler } from './analytics-sampler.js';
export type { AnalyticsSampler } from './analytics-sampler.js';
export { describeBackfill, runAnalyticsBackfill } from './analytics-backfill.js';
export type { BackfillOptions, BackfillSummary } from './analytics-backfill.js';
export { createAnalyticsRepository } from './analytics-repository.js';
export type { AnalyticsRepository } from './analytics-repository.js';
export { createAnalyticsService } from './analytics-service.js';
export type { AnalyticsService } from './analytics-service.js';
export { analyticsRoutes, resellerAnalyticsRoutes } from './analytics-routes.js';
