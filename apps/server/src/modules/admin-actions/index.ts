/** The settings screen's mass actions over every non-admin account (spec §6). */
export { createAdminActionsRepository } from './admin-actions-repository.js';
export { createAdminActionsService } from './admin-actions-service.js';
export { adminActionsRoutes } from './admin-actions-routes.js';
