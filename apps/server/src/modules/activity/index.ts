/** The admin activity log: every admin action and failed loader attempt, one line each. */
export { createActivityRepository } from './activity-repository.js';
export type { ActivityService } from './activity-service.js';
export { createActivityService } from './activity-service.js';
export { activityRoutes } from './activity-routes.js';
export { createActivityHandlers } from './activity-handlers.js';
