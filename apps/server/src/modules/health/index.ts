/** Liveness and database health. */
export { createHealthRepository } from './health-repository.js';
export { createHealthService } from './health-service.js';
export { healthRoutes } from './health-routes.js';
