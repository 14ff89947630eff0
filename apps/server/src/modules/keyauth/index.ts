/**
 * KeyAuth's loader protocol spoken natively (issue #26, docs/keyauth-compat.md): a product with
 * the compatibility on answers `POST /api/1.3/` and `POST|GET /api/1.2/` with our loader's rules.
 */
export { createKeyAuthProtocolRepository } from './keyauth-protocol-repository.js';
export type { KeyAuthProtocolService } from './keyauth-protocol-service.js';
export { createKeyAuthProtocolService } from './keyauth-protocol-service.js';
export { keyauthProtocolRoutes } from './keyauth-protocol-routes.js';
