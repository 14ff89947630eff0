/** Analytics (issue #23): the rollups' metric names and the dashboards' reads. */
export { METRICS, FACTS } from './analytics-metrics.js';
export type { Metric } from './analytics-metrics.js';
export { createAnalyticsRepository } from './analytics-repository.js';
export type { AnalyticsRepository } from './analytics-repository.js';
export { createAnalyticsService } from './analytics-service.js';
export type { AnalyticsService } from './analytics-service.js';
export { analyticsRoutes, resellerAnalyticsRoutes } from './analytics-routes.js';
