/** The reseller's own area: buying keys, their list and stats; the notice of a redeemed key. */
export { createResellerRepository } from './reseller-repository.js';
export type { ResellerService } from './reseller-service.js';
export { createResellerService } from './reseller-service.js';
export { createKeyRedeemedNotice } from './key-redeemed-notice.js';
export { resellerRoutes } from './reseller-routes.js';
