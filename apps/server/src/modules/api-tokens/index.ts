/** Seller API tokens, their guard's check, and the `/api/v1` scope with its idempotency. */
export type { ApiTokensService } from './api-tokens-service.js';
export { createApiTokensRepository } from './api-tokens-repository.js';
export { createApiTokensService } from './api-tokens-service.js';
export { apiTokensRoutes } from './api-tokens-routes.js';
export { createApiTokenEpochRevocation } from './epoch-revocation.js';
export { createIdempotencyRepository } from './idempotency-repository.js';
export type { Idempotency } from './idempotency.js';
export { createIdempotency } from './idempotency.js';
export type { SellerApiScopeDeps } from './seller-api-scope.js';
export { sellerApiScope } from './seller-api-scope.js';
