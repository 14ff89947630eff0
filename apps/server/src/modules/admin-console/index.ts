/** The admin console's work queues and command-palette search. */
export type { AdminConsoleRepository } from './admin-console-repository.js';
export { createAdminConsoleRepository } from './admin-console-repository.js';
export type { AdminConsoleService } from './admin-console-service.js';
export { createAdminConsoleService } from './admin-console-service.js';
export { adminConsoleRoutes } from './admin-console-routes.js';
