/** KeyAuth compatibility (issue #26): the admin's app settings, variables and HWID blacklist. */
export type { KeyAuthAppsRepository } from './keyauth-apps-repository.js';
export { createKeyAuthAppsRepository } from './keyauth-apps-repository.js';
export type { KeyAuthAppsService } from './keyauth-apps-service.js';
export { createKeyAuthAppsService } from './keyauth-apps-service.js';
export { keyAuthAppsRoutes } from './keyauth-apps-routes.js';
