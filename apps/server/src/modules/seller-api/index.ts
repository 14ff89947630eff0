/** The seller REST API `/api/v1`: keys, licences, users and storefront deliveries by API token. */
export type { SellerApiRepository } from './seller-api-repository.js';
export { createSellerApiRepository } from './seller-api-repository.js';
export type { ApiCaller, SellerApiService } from './seller-api-service.js';
export { createSellerApiService } from './seller-api-service.js';
export { sellerApiV1Routes } from './seller-api-routes.js';
export { productsV1Routes } from './products-v1-routes.js';
export { webhooksV1Routes } from './webhooks-v1-routes.js';
export { createIdempotencyRepository } from './idempotency-repository.js';
export type { Idempotency } from './idempotency.js';
export { createIdempotency } from './idempotency.js';
export type { SellerApiScopeDeps } from './seller-api-scope.js';
export { sellerApiScope } from './seller-api-scope.js';
