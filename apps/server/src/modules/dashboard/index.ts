/** The admin dashboard's live metrics. */
export { createDashboardRepository } from './dashboard-repository.js';
export { createDashboardService } from './dashboard-service.js';
export { dashboardRoutes } from './dashboard-routes.js';
