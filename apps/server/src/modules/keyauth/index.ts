/**
 * KeyAuth compatibility (issue #26, docs/keyauth-compat.md). The protocol: a product with the
 * compatibility on answers `POST /api/1.3/` and `POST|GET /api/1.2/` with our loader's rules.
 * The admin console: the app settings, variables and HWID blacklist under /api/products/:id.
 */
export { createKeyAuthProtocolRepository } from './keyauth-protocol-repository.js';
export type { KeyAuthProtocolService } from './keyauth-protocol-service.js';
export { createKeyAuthProtocolService } from './keyauth-protocol-service.js';
export { keyauthProtocolRoutes } from './keyauth-protocol-routes.js';
export type { KeyAuthAppsRepository } from './keyauth-apps-repository.js';
export { createKeyAuthAppsRepository } from './keyauth-apps-repository.js';
export type { KeyAuthAppsService } from './keyauth-apps-service.js';
export { createKeyAuthAppsService } from './keyauth-apps-service.js';
export { keyAuthAppsRoutes } from './keyauth-apps-routes.js';
