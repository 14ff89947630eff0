/** The seller REST API `/api/v1`: keys, licences, users and storefront deliveries by API token. */
export type { SellerApiRepository } from './seller-api-repository.js';
export { createSellerApiRepository } from './seller-api-repository.js';
export type { ApiCaller, SellerApiService } from './seller-api-service.js';
export { createSellerApiService } from './seller-api-service.js';
export { sellerApiV1Routes } from './seller-api-routes.js';
